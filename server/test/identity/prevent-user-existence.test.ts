import { ForgotPasswordCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { failure, userClient } from './pool-clients.ts';

let t: TestApp;
let sdk: ReturnType<typeof userClient>;
beforeAll(async () => {
  t = await buildTestApp({ IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: 'ENABLED' }, { listen: true });
  sdk = userClient(t.url!, t.config);
});
afterAll(() => t.close());

describe('PreventUserExistenceErrors=ENABLED', () => {
  it('answers unknown users like wrong passwords', async () => {
    const res = await failure(
      sdk.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: t.config.COGNITO_CLIENT_ID,
          AuthParameters: { USERNAME: 'ghost@example.com', PASSWORD: 'Passw0rdOk' },
        }),
      ),
    );
    expect(res).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
  });

  it('simulates a stable SRP challenge and a code delivery for unknown users', async () => {
    const start = () =>
      sdk.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_SRP_AUTH',
          ClientId: t.config.COGNITO_CLIENT_ID,
          AuthParameters: { USERNAME: 'ghost@example.com', SRP_A: 'abc123' },
        }),
      );
    const [a, b] = [await start(), await start()];
    expect(a.ChallengeName).toBe('PASSWORD_VERIFIER');
    expect(a.ChallengeParameters?.SALT).toBe(b.ChallengeParameters?.SALT);
    expect(a.ChallengeParameters?.USER_ID_FOR_SRP).toBe(b.ChallengeParameters?.USER_ID_FOR_SRP);
    expect(a.ChallengeParameters?.USER_ID_FOR_SRP).toMatch(/^[0-9a-f-]{36}$/);
    const forgot = await sdk.send(
      new ForgotPasswordCommand({ ClientId: t.config.COGNITO_CLIENT_ID, Username: 'ghost@example.com' }),
    );
    expect(forgot.CodeDeliveryDetails?.Destination).toBe('g***@e***');
  });
});

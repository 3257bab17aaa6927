import { ACCOUNTS } from '../accounts.ts';
import { call, identity } from '../client.ts';
import type { Context } from '../context.ts';
import { Client } from '../load-client.ts';
import { passed } from '../model.ts';

/**
 * Sign in at one process, refresh at the other, then revoke (RevokeToken or GlobalSignOut) at one and see
 * the refresh token and the session refused at the other.
 */
export async function sessionChurn(ctx: Context, index: number): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, settings } = ctx;
  const account = ACCOUNTS.sessions;
  for (let n = 0; client.running(); n++) {
    const tokens = await client.signIn(account, n % 2 === 1);
    if (!tokens) continue;
    const refreshAt = client.nextFor('refresh');
    const refreshed = await identity(recorder, refreshAt, 'GetTokensFromRefreshToken', {
      ClientId: settings.clientId,
      RefreshToken: tokens.refreshToken,
    });
    if (!refreshed.ok) continue;
    const revokeAt = client.nextFor(`revoke-${n % 4 < 2}`);
    const revoke =
      n % 4 < 2
        ? await identity(recorder, revokeAt, 'RevokeToken', {
            ClientId: settings.clientId,
            Token: tokens.refreshToken,
          })
        : await identity(recorder, revokeAt, 'GlobalSignOut', { AccessToken: tokens.accessToken });
    if (!revoke.ok) continue;
    const elsewhere = client.other(revokeAt);
    const refused = await identity(
      recorder,
      elsewhere,
      'GetTokensFromRefreshToken',
      { ClientId: settings.clientId, RefreshToken: tokens.refreshToken },
      { refusal: { type: 'NotAuthorizedException' } },
    );
    if (!refused.ok && refused.status === 200)
      recorder.error('inconsistent', 'revoked refresh token accepted by the other process');
    const sessionRefused = await call(
      recorder,
      elsewhere,
      'reseller companies/info (revoked)',
      'GET',
      '/api/reseller/v1/companies/info',
      {
        token: tokens.idToken,
        expect: [401],
      },
    );
    if (sessionRefused.status === 200)
      recorder.error('inconsistent', 'revoked session accepted by the other process');
    if (refused.ok && sessionRefused.status === 401)
      passed(model, 'revocation at one process refused at the other');
  }
}

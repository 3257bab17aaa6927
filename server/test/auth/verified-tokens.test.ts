import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueTenantToken, tenantIssuer, verifyTenantToken } from '../../src/auth/tenant-tokens.ts';
import { VerifiedTokens } from '../../src/auth/verified-tokens.ts';
import { createPoolUser } from '../../src/services/identity/users.ts';
import { signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

describe('VerifiedTokens', () => {
  it('forgets a token from its expiry on', () => {
    const tokens = new VerifiedTokens<string>();
    tokens.set('a', 'claims', 1_000);
    expect(tokens.get('a', 999)).toBe('claims');
    expect(tokens.get('a', 1_000)).toBeUndefined();
    expect(tokens.get('a', 0)).toBeUndefined();
  });

  it('keeps at most its bound, dropping the oldest first', () => {
    const tokens = new VerifiedTokens<number>(2);
    tokens.set('a', 1, 10);
    tokens.set('b', 2, 10);
    tokens.set('c', 3, 10);
    expect(tokens.size).toBe(2);
    expect([tokens.get('a', 0), tokens.get('b', 0), tokens.get('c', 0)]).toEqual([undefined, 2, 3]);
  });
});

describe('cached verification still refuses expired tokens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('session tokens: accepted twice, refused once past exp and the grace seconds', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'cache@example.com', password: 'Passw0rdOk', temporary: false },
      t.config,
    );
    const { idToken } = await signIn(t.app, 'cache@example.com', 'Passw0rdOk');
    expect((await t.app.sessionVerifier.verify(idToken)).email).toBe('cache@example.com');
    expect((await t.app.sessionVerifier.verify(idToken)).email).toBe('cache@example.com');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (t.config.IDENTITY_ACCESS_TOKEN_SECONDS + 6) * 1000);
    await expect(t.app.sessionVerifier.verify(idToken)).rejects.toThrow();
  });

  it('company tokens: accepted twice, refused from exp on', async () => {
    const issuer = tenantIssuer(t.config.PUBLIC_URL);
    const claims = {
      kind: 'company',
      sub: crypto.randomUUID(),
      companyId: crypto.randomUUID(),
      originJti: crypto.randomUUID(),
      role: 'dealer',
    } as const;
    const { token, expire } = await issueTenantToken(t.app.db, issuer, claims);
    expect(await verifyTenantToken(t.app.db, issuer, token)).toEqual(claims);
    expect(await verifyTenantToken(t.app.db, issuer, token)).toEqual(claims);
    await expect(verifyTenantToken(t.app.db, `${issuer}/other`, token)).rejects.toThrow();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expire * 1000);
    await expect(verifyTenantToken(t.app.db, issuer, token)).rejects.toThrow();
  });
});

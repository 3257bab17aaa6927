import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/services/identity/password-hash.ts';
import { g, modPow, N, poolNameOf, privateKeyX } from '../../src/services/identity/srp/srp-math.ts';
import { createPoolUser, findPoolUser, PoolUserExistsError } from '../../src/services/identity/users.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('createPoolUser', () => {
  it('stores an SRP verifier and an argon2id hash, never the password', async () => {
    const { sub } = await createPoolUser(
      t.app.db,
      { email: 'Dana@Example.com', name: 'Dana', password: 'Passw0rdOk', temporary: false },
      t.config,
    );
    const user = await findPoolUser(t.app.db, 'dana@example.com');
    expect(user).toMatchObject({ sub, username: sub, status: 'CONFIRMED', email_verified: true });
    expect(user?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.password_hash, 'Passw0rdOk')).toBe(true);
    const x = privateKeyX(poolNameOf(t.config.COGNITO_USER_POOL_ID), sub, 'Passw0rdOk', user!.srp_salt);
    expect(modPow(g, x, N).toString(16)).toBe(user!.srp_verifier);
  });

  it('gives temporary passwords an expiry and refuses a second account with the same email', async () => {
    await createPoolUser(
      t.app.db,
      { email: 'temp@example.com', password: 'Temp0rary!', temporary: true },
      t.config,
    );
    const user = await findPoolUser(t.app.db, 'TEMP@example.com');
    expect(user?.status).toBe('FORCE_CHANGE_PASSWORD');
    expect(user?.temporary_password_expires_at?.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    await expect(
      createPoolUser(
        t.app.db,
        { email: 'Temp@Example.com', password: 'Temp0rary!', temporary: true },
        t.config,
      ),
    ).rejects.toBeInstanceOf(PoolUserExistsError);
  });

  it('refuses a password outside the policy', async () => {
    await expect(
      createPoolUser(t.app.db, { email: 'weak@example.com', password: 'weak', temporary: false }, t.config),
    ).rejects.toThrow(/policy/);
  });
});

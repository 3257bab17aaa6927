import { createServer } from 'node:net';
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  resetPassword,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/infrastructure/config/config.ts';
import type { Database } from '../../src/infrastructure/db/database.ts';
import { loggerRedaction, redactUrl } from '../../src/infrastructure/http/log-redaction.ts';
import { generateAdminKeyEnv } from '../../src/services/identity/admin-credentials.ts';
import { totpCode, totpStepAt } from '../../src/services/identity/mfa/totp.ts';
import { type BuiltCompany, buildCompany, TEST_PASSWORD } from '../helpers/factories.ts';
import { buildCustomer } from '../helpers/platform-factories.ts';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/**
 * Every credential the portal handles goes through the real server with its log at `trace`, and none of
 * them may appear in the log: passwords (current, new, temporary, wrong), reset codes, access/id/refresh
 * tokens, company and organization tokens, one-time portal tokens, remote-access approval tokens, TOTP
 * seeds and codes, and e-mailed sign-in codes.
 * Production mode, so mail is not printed (demo mode prints it to the console by design).
 */

class MemoryStorage {
  readonly items = new Map<string, string>();
  async setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  async getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  async removeItem(key: string) {
    this.items.delete(key);
  }
  async clear() {
    this.items.clear();
  }
}

const logLines: string[] = [];
const consoleLines: string[] = [];
const secrets = new Map<string, string>();
const remember = (what: string, value: string | undefined) => {
  if (!value) throw new Error(`no ${what}`);
  secrets.set(`${what} #${secrets.size}`, value);
  return value;
};

let app: FastifyInstance;
let config: Config;
let database: Database;
let url: string;
let smtp: SmtpSink;
let company: BuiltCompany;
let orgId: string;
let requestOrgId: string;
const storage = new MemoryStorage();

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

beforeAll(async () => {
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      consoleLines.push(args.map(String).join(' '));
    });
  }
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  smtp = await startSmtpSink();
  config = loadConfig({
    MODE: 'production',
    LOG_LEVEL: 'trace',
    PORT: String(port),
    // Production: mail goes through SMTP (a sink on loopback), and the public URL is https; the test
    // reaches the app at `url`.
    PUBLIC_URL: 'https://portal.test.example',
    SMTP_URL: smtp.url,
    ...generateAdminKeyEnv(),
  });
  database = await openTestDatabase();
  app = await buildApp({
    config,
    database,
    webDist: '/nonexistent',
    logger: { level: 'trace', stream: { write: (line: string) => logLines.push(line) } },
  });
  await app.listen({ port, host: '127.0.0.1' });
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.COGNITO_USER_POOL_ID,
        userPoolClientId: config.COGNITO_CLIENT_ID,
        userPoolEndpoint: `${url}/api/identity`,
      },
    },
  });
  cognitoUserPoolsTokenProvider.setKeyValueStorage(storage);
  company = await buildCompany(app.db, { name: 'Log Test Dealer' });
  orgId = (
    await buildCustomer(app.db, company, { remote_access_enabled: true, contact_email: 'c@cust.test' })
  ).id;
  requestOrgId = (await buildCustomer(app.db, company, { contact_email: 'c@cust.test' })).id;
  remember('owner password', TEST_PASSWORD);
});

afterAll(async () => {
  await signOut().catch(() => undefined);
  await app?.close();
  await database?.close();
  await smtp?.close();
  vi.restoreAllMocks();
});

async function latestMailText(to: string): Promise<string> {
  return smtp.latestTextTo(to);
}

/** Tokens of the current Amplify session, the refresh token read from its storage. */
async function rememberSession(who: string): Promise<string> {
  const { tokens } = await fetchAuthSession();
  remember(`${who} id token`, tokens?.idToken?.toString());
  const refresh = [...storage.items].find(([key]) => key.endsWith('.refreshToken'))?.[1];
  remember(`${who} refresh token`, refresh);
  return remember(`${who} access token`, tokens?.accessToken.toString());
}

async function api(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

/** A secret counts as logged when it appears as a whole (a 6-digit code not inside a longer number). */
function leaked(text: string, secret: string): boolean {
  if (/^\d+$/.test(secret)) return new RegExp(`(?<![\\d.])${secret}(?!\\d)`).test(text);
  return text.includes(secret);
}

describe('no password, code or token in the log at trace level', () => {
  it('runs every credential-bearing flow through the real server', { timeout: 120_000 }, async () => {
    const email = company.owner.email;

    // A wrong password, then SRP sign-in (Amplify's default flow).
    const wrong = remember('wrong password', 'Wr0ngPassword9');
    await expect(signIn({ username: email, password: wrong })).rejects.toThrow();
    await signIn({ username: email, password: TEST_PASSWORD });
    await rememberSession('owner');

    // Change password.
    const changed = remember('changed password', 'Chang3dPassword');
    await updatePassword({ oldPassword: TEST_PASSWORD, newPassword: changed });
    await signOut();

    // Forgot password: code mailed, confirmed with a new password, signed in again.
    await resetPassword({ username: email });
    const code = remember('reset code', (await latestMailText(email)).match(/\b(\d{6})\b/)?.[1]);
    const reset = remember('reset password', 'R3setPassword');
    await confirmResetPassword({ username: email, confirmationCode: code, newPassword: reset });
    await signIn({ username: email, password: reset });
    const access = await rememberSession('owner again');

    // Member creation mails a temporary password; the member signs in and sets a new one.
    const memberEmail = 'new.member@logtest.test';
    await api(`/api/reseller/v1/companies/${company.id}/users`, access, {
      method: 'POST',
      body: { email: memberEmail, name: 'Newbie' },
    });
    const temporary = remember(
      'temporary password',
      (await latestMailText(memberEmail)).match(/Temporary password: (\S+)/)?.[1],
    );
    // Resend replaces it (the reseller's public call).
    const resent = await fetch(`${url}/api/reseller/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: memberEmail }),
    });
    expect(resent.status).toBe(200);
    const resentPassword = remember(
      'resent temporary password',
      (await latestMailText(memberEmail)).match(/Temporary password: (\S+)/)?.[1],
    );
    expect(resentPassword).not.toBe(temporary);

    // Company and organization tokens, a one-time portal token and its use.
    const companyToken = remember(
      'company token',
      (
        (await api('/api/reseller/auth/vortextoken', access, {
          method: 'POST',
          body: { companyId: company.id },
        })) as {
          token: string;
        }
      ).token,
    );
    remember(
      'organization token',
      (
        (await api(`/api/reseller/v1/organizations/${orgId}/vsaas-token`, access, { method: 'POST' })) as {
          token: string;
        }
      ).token,
    );
    const otp = remember(
      'one-time portal token',
      (
        (await api(`/api/user-portal-auth/organizations/${orgId}/otp`, companyToken, { method: 'POST' })) as {
          token: string;
        }
      ).token,
    );
    const consumed = await fetch(`${url}/api/user-portal-auth/otp/consume`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: otp }),
    });
    expect(consumed.status).toBe(200);

    // Remote access: the approval token travels in a mailed link, is opened and decided on.
    await api(`/api/default/v1/organizations/${requestOrgId}/vortex-send-request`, access, {
      method: 'POST',
    });
    const link = (await latestMailText('c@cust.test')).match(/https?:\/\/\S+\/remote-access\/([\w-]+)/);
    remember('remote-access token', link?.[1]);
    const opened = `${url}${new URL(link![0]).pathname}`;
    expect((await fetch(opened)).status).toBe(200);
    const decided = await fetch(opened, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=approve',
    });
    expect(decided.status).toBe(200);

    // Two-step sign-in: a TOTP seed, its setup code, a sign-in code; then an e-mailed code.
    const { sharedSecret } = await setUpTOTP();
    remember('TOTP seed', sharedSecret);
    const setupStep = totpStepAt(new Date());
    await verifyTOTPSetup({ code: remember('TOTP setup code', totpCode(sharedSecret, setupStep)) });
    await updateMFAPreference({ totp: 'PREFERRED', email: 'ENABLED' });
    await signOut();
    await signIn({ username: email, password: reset });
    // A later step's code than the setup's (used up); ±1 step is accepted, so the next one works at once.
    const signInStep = Math.max(setupStep + 1, totpStepAt(new Date()));
    await confirmSignIn({ challengeResponse: remember('TOTP code', totpCode(sharedSecret, signInStep)) });
    await updateMFAPreference({ totp: 'DISABLED' });
    await signOut();
    const emailStep = await signIn({ username: email, password: reset });
    expect(emailStep.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    const mailed = remember('e-mailed sign-in code', (await latestMailText(email)).match(/\b(\d{6})\b/)?.[1]);
    await confirmSignIn({ challengeResponse: mailed });
    await rememberSession('owner with a second factor');

    // Signing out revokes the owner's session; the member then signs in on the temporary password.
    await signOut();
    const step = await signIn({ username: memberEmail, password: resentPassword });
    expect(step.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED');
    await confirmSignIn({ challengeResponse: remember('member new password', 'M3mberPassword') });
    await rememberSession('member');
    await signOut();

    // A client that puts a token in a query string, and an error carrying the bound values of a query.
    expect((await fetch(`${url}/api/reseller/v1/me?token=${access}`)).status).toBe(401);
    app.log.error(
      { err: Object.assign(new Error('insert failed'), { params: [reset, code] }) },
      'request failed',
    );

    const log = logLines.join('');
    const found = [...secrets].filter(([, value]) => leaked(log, value)).map(([what]) => what);
    expect(found).toEqual([]);
    expect(log).toContain('incoming request');
    expect(log).toContain('request completed');
    expect(log).toContain('/remote-access/[redacted]');
    expect(log).toContain('token=[redacted]');
    expect(logLines.length).toBeGreaterThan(40);
    const printed = [...secrets]
      .filter(([, value]) => leaked(consoleLines.join('\n'), value))
      .map(([what]) => what);
    expect(printed).toEqual([]);
  });
});

describe('redactUrl', () => {
  it('hides credential query values and the approval token segment, and keeps the rest', () => {
    expect(redactUrl('/api/default/remote-access/abc-DEF_1?x=1')).toBe(
      '/api/default/remote-access/[redacted]?x=1',
    );
    expect(redactUrl('/login?code=123456&next=%2Fdashboard&Access_Token=x')).toBe(
      '/login?code=[redacted]&next=%2Fdashboard&Access_Token=[redacted]',
    );
    expect(redactUrl('/api/default/v1/organizations/o1/remote-access-request?deviceId=d')).toBe(
      '/api/default/v1/organizations/o1/remote-access-request?deviceId=d',
    );
  });
});

describe('logger redaction', () => {
  const linesOf = (write: (log: pino.Logger) => void) => {
    const lines: Record<string, unknown>[] = [];
    write(pino(loggerRedaction, { write: (line: string) => lines.push(JSON.parse(line)) }));
    return lines;
  };

  it('censors secret fields at the top level and one level down, in lines and errors', () => {
    const [line, error] = linesOf((log) => {
      log.info(
        { password: 'top', body: { password: 'p', ConfirmationCode: '123456', name: 'kept' }, list: ['x'] },
        'line',
      );
      log.error(
        { err: Object.assign(new Error('failed'), { token: 't', params: ['bound'], detail: 'kept' }) },
        'err',
      );
    });
    expect(line).toMatchObject({
      password: '[redacted]',
      body: { password: '[redacted]', ConfirmationCode: '[redacted]', name: 'kept' },
      list: ['x'],
    });
    expect(error?.err).toMatchObject({ message: 'failed', token: '[redacted]', detail: 'kept' });
    expect(JSON.stringify([line, error])).not.toMatch(/"top"|"p"|123456|"t"|bound/);
  });

  it('leaves objects without secrets as they are', () => {
    const body = { name: 'n', nested: { password: 'two levels down is not censored' } };
    const [line] = linesOf((log) => log.info({ body }, 'line'));
    expect(line?.body).toEqual(body);
  });
});

/**
 * Sign-in cost: `npx tsx bench/sign-in.ts [--count 40] [--seconds 15] [--concurrency 4] [--engines pglite,postgresql]
 * [--cpu-prof DIR] [--port 8203]`.
 *
 * Starts the real server (own process, small demo data, default log level; the per-address sign-in limit
 * raised so the load is not refused) and signs the Northwind owner in the way the web app does: SRP
 * (InitiateAuth USER_SRP_AUTH, then RespondToAuthChallenge PASSWORD_VERIFIER), with the client side computed
 * here from the server's own SRP arithmetic (server/src/identity/srp/srp-math.ts, as the tests use it).
 * Measures:
 *   - one sign-in at a time (`--count`): latency p50/p99 and the server process's CPU per sign-in
 *     (user + system time from /proc, so the client's own big-number work is not counted);
 *   - `--concurrency` sign-ins at a time for `--seconds`: sign-ins per second and CPU per sign-in;
 *   - USER_PASSWORD_AUTH (Argon2id check) one at a time, for comparison;
 *   - a passkey one at a time: USER_AUTH with PREFERRED_CHALLENGE WEB_AUTHN, then RespondToAuthChallenge
 *     WEB_AUTHN with an assertion of the tests' software authenticator (a P-256 key), registered for the
 *     owner once before.
 * The client's big-number work uses the same OpenSSL-backed modPowN as the server, so that the client, which
 * shares the 2 cores, holds the server back as little as possible.
 * PGlite always; PostgreSQL with BENCH_DATABASE_URL (its domain tables are emptied first).
 */
import { parseArgs } from 'node:util';
import {
  type CreationOptionsJson,
  type RequestOptionsJson,
  SoftwarePasskey,
} from '../server/test/identity/passkey-authenticator.ts';
import { srpClient } from '../server/test/identity/srp-client.ts';
import { benchEngines } from './support/database.ts';
import { loadAverage, percentile } from './support/load.ts';
import { type PortalProcess, startPortal } from './support/portal-process.ts';
import {
  type IdentitySettings,
  identityCall,
  identitySettings,
  signInWithPassword,
} from './support/session.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '15' },
    concurrency: { type: 'string', default: '4' },
    engines: { type: 'string' },
    'cpu-prof': { type: 'string' },
    /** The PGlite server's port (PostgreSQL's is 2 above), for running beside other benches. */
    port: { type: 'string', default: '8203' },
  },
});
const count = Number(values.count);
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const PORT = { PGlite: Number(values.port), PostgreSQL: Number(values.port) + 2 } as const;
const OWNER_EMAIL = 'owner@northwind.example';

interface Challenge {
  ChallengeName: string;
  ChallengeParameters: { SALT: string; SRP_B: string; SECRET_BLOCK: string; USER_ID_FOR_SRP: string };
  Session?: string;
}

/** The whole SRP sign-in as Amplify does it (COGNITO.md §6.2); resolves once the tokens are issued. */
async function srpSignIn(url: string, identity: IdentitySettings, email: string, password: string) {
  const client = srpClient(identity.userPoolId);
  const challenge = await identityCall<Challenge>(url, 'InitiateAuth', {
    AuthFlow: 'USER_SRP_AUTH',
    ClientId: identity.clientId,
    AuthParameters: { USERNAME: email, SRP_A: client.SRP_A },
  });
  if (challenge.ChallengeName !== 'PASSWORD_VERIFIER')
    throw new Error(`unexpected ${challenge.ChallengeName}`);
  const result = await identityCall<{ AuthenticationResult?: { IdToken: string } }>(
    url,
    'RespondToAuthChallenge',
    {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: identity.clientId,
      ...(challenge.Session ? { Session: challenge.Session } : {}),
      ChallengeResponses: client.passwordClaim(challenge.ChallengeParameters, password),
    },
  );
  if (!result.AuthenticationResult?.IdToken) throw new Error('SRP sign-in gave no tokens');
}

/** Registers a software passkey for the user (StartWebAuthnRegistration, CompleteWebAuthnRegistration). */
async function registerPasskey(url: string, accessToken: string): Promise<SoftwarePasskey> {
  // The server's PUBLIC_URL (its relying party) names it localhost; the bench calls it at 127.0.0.1.
  const passkey = new SoftwarePasskey(`http://localhost:${new URL(url).port}`);
  const { CredentialCreationOptions } = await identityCall<{
    CredentialCreationOptions: CreationOptionsJson;
  }>(url, 'StartWebAuthnRegistration', { AccessToken: accessToken });
  await identityCall(url, 'CompleteWebAuthnRegistration', {
    AccessToken: accessToken,
    Credential: passkey.register(CredentialCreationOptions),
  });
  return passkey;
}

/** A passkey sign-in as Amplify does it (USER_AUTH, WEB_AUTHN preferred); resolves once the tokens are issued. */
async function passkeySignIn(
  url: string,
  identity: IdentitySettings,
  email: string,
  passkey: SoftwarePasskey,
) {
  const challenge = await identityCall<{
    ChallengeName: string;
    Session: string;
    ChallengeParameters: Record<string, string>;
  }>(url, 'InitiateAuth', {
    AuthFlow: 'USER_AUTH',
    ClientId: identity.clientId,
    AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
  });
  if (challenge.ChallengeName !== 'WEB_AUTHN') throw new Error(`unexpected ${challenge.ChallengeName}`);
  const options = JSON.parse(
    challenge.ChallengeParameters.CREDENTIAL_REQUEST_OPTIONS ?? '',
  ) as RequestOptionsJson;
  const result = await identityCall<{ AuthenticationResult?: { IdToken: string } }>(
    url,
    'RespondToAuthChallenge',
    {
      ChallengeName: 'WEB_AUTHN',
      ClientId: identity.clientId,
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: email, CREDENTIAL: JSON.stringify(passkey.assert(options)) },
    },
  );
  if (!result.AuthenticationResult?.IdToken) throw new Error('passkey sign-in gave no tokens');
}

interface Row {
  name: string;
  signIns: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuMs: number;
}

/** One at a time, `runs` times. */
async function sequential(portal: PortalProcess, name: string, runs: number, signIn: () => Promise<void>) {
  const times: number[] = [];
  const cpu = portal.cpuSeconds();
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await signIn();
    times.push(performance.now() - t);
  }
  const wall = (performance.now() - started) / 1000;
  return row(name, times, wall, portal.cpuSeconds() - cpu);
}

/** `workers` loops for `duration` seconds. */
async function concurrent(portal: PortalProcess, name: string, workers: number, signIn: () => Promise<void>) {
  const times: number[] = [];
  const cpu = portal.cpuSeconds();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await signIn();
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  return row(name, times, wall, portal.cpuSeconds() - cpu);
}

function row(name: string, times: number[], wall: number, cpuSeconds: number): Row {
  return {
    name,
    signIns: times.length,
    perSecond: times.length / wall,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuMs: (cpuSeconds * 1000) / times.length,
  };
}

console.info(`# Sign-in cost (${loadAverage()})`);
for (const engine of benchEngines('bench-sign-in', values.engines?.split(','))) {
  const database = await engine.prepare();
  const portal = await startPortal({
    port: PORT[engine.name],
    database,
    env: { IDENTITY_ADDRESS_REQUESTS_PER_MINUTE: '1000000' },
    nodeArgs: values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [],
  });
  try {
    const identity = await identitySettings(portal.url);
    const ownerPassword = portal.demoPassword(OWNER_EMAIL);
    const srp = () => srpSignIn(portal.url, identity, OWNER_EMAIL, ownerPassword);
    const password = async () => void (await signInWithPassword(portal.url, OWNER_EMAIL, ownerPassword));
    const passkey = await registerPasskey(
      portal.url,
      (await signInWithPassword(portal.url, OWNER_EMAIL, ownerPassword)).accessToken,
    );
    const withPasskey = () => passkeySignIn(portal.url, identity, OWNER_EMAIL, passkey);
    for (let i = 0; i < 5; i += 1) await srp(); // warm-up
    await password();
    for (let i = 0; i < 5; i += 1) await withPasskey();
    const rows = [
      await sequential(portal, 'SRP, one at a time', count, srp),
      await concurrent(portal, `SRP, ${concurrency} at a time`, concurrency, srp),
      await sequential(portal, 'USER_PASSWORD_AUTH (Argon2id), one at a time', Math.min(count, 20), password),
      await sequential(portal, 'passkey (USER_AUTH, WEB_AUTHN), one at a time', count, withPasskey),
    ];
    console.info(
      `\n## ${engine.name} (${loadAverage()})\n\n| flow | sign-ins | sign-ins/s | p50 ms | p99 ms | server CPU ms per sign-in |\n|---|---:|---:|---:|---:|---:|`,
    );
    for (const r of rows)
      console.info(
        `| ${r.name} | ${r.signIns} | ${r.perSecond.toFixed(1)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.cpuMs.toFixed(1)} |`,
      );
  } finally {
    await portal.stop();
    database.dispose();
  }
}

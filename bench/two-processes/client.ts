/**
 * HTTP calls that are all counted: per process (requests, statuses, latencies), per operation, and every
 * answer that was not one the caller expected, by kind. Identity calls speak Cognito's JSON 1.1 protocol;
 * sign-in is USER_PASSWORD_AUTH or SRP (PASSWORD_VERIFIER, computed here with the server's own SRP math).
 */
import { randomBytes } from 'node:crypto';
import {
  derivedKey,
  fromHex,
  g,
  hmacSha256,
  k,
  modPow,
  N,
  poolNameOf,
  privateKeyX,
  scramblingU,
  toBigInt,
} from '../../server/src/services/identity/srp/srp-math.ts';
import { formatSrpTimestamp } from '../../server/src/services/identity/srp/timestamp.ts';

export interface Target {
  name: string;
  url: string;
}

export type ErrorKind =
  | '5xx'
  | 'unexpected 4xx'
  | 'unexpected status'
  | 'network'
  | 'stale read'
  | 'inconsistent';

interface Tally {
  requests: number;
  latencies: number[];
  statuses: Map<number, number>;
}

const newTally = (): Tally => ({ requests: 0, latencies: [], statuses: new Map() });

export class Recorder {
  readonly byProcess = new Map<string, Tally>();
  readonly byOperation = new Map<string, Tally>();
  readonly errors = new Map<ErrorKind, { count: number; examples: string[] }>();
  /** Refusals the scenario asked for (lockout, revoked refresh token…): 4xx, but the right answer. */
  expectedRefusals = 0;
  measuring = false;

  record(process: string, operation: string, status: number, ms: number): void {
    for (const [map, key] of [
      [this.byProcess, process],
      [this.byOperation, operation],
    ] as const) {
      const tally = map.get(key) ?? newTally();
      map.set(key, tally);
      tally.requests += 1;
      tally.latencies.push(ms);
      tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    }
  }

  error(kind: ErrorKind, detail: string): void {
    const entry = this.errors.get(kind) ?? { count: 0, examples: [] };
    this.errors.set(kind, entry);
    entry.count += 1;
    if (entry.examples.length < 5) entry.examples.push(detail.slice(0, 400));
  }

  errorCount(): number {
    return [...this.errors.values()].reduce((sum, entry) => sum + entry.count, 0);
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export interface Answer {
  status: number;
  ok: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers, checked where they are read
  json: any;
  text: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses that are the right answer; anything else is counted as an error. Default: 2xx. */
  expect?: number[];
}

/** One request, timed and counted. Never throws: a refused or failed call comes back with ok = false. */
export async function call(
  recorder: Recorder,
  target: Target,
  operation: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    const res = await fetch(`${target.url}${path}`, {
      method,
      headers,
      ...(options.body !== undefined
        ? { body: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) }
        : {}),
      signal: AbortSignal.timeout(30_000),
    });
    text = await res.text();
    status = res.status;
  } catch (error) {
    recorder.record(target.name, operation, 0, performance.now() - started);
    recorder.error('network', `${target.name} ${method} ${path}: ${(error as Error).message}`);
    return { status: 0, ok: false, json: undefined, text: '' };
  }
  recorder.record(target.name, operation, status, performance.now() - started);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const expected = options.expect ? options.expect.includes(status) : status >= 200 && status < 300;
  if (!expected) {
    const kind: ErrorKind = status >= 500 ? '5xx' : status >= 400 ? 'unexpected 4xx' : 'unexpected status';
    recorder.error(kind, `${target.name} ${method} ${path} → ${status} ${text.slice(0, 200)}`);
  } else if (status >= 400) recorder.expectedRefusals += 1;
  return { status, ok: expected && status < 400, json, text };
}

export interface IdentitySettings {
  clientId: string;
  userPoolId: string;
}

export interface Tokens {
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

/**
 * One identity operation. `refusal`: the Cognito error (__type and, optionally, message) that is the right
 * answer here; then the call is ok only if it was refused that way. `mayPass`: a 200 is not an error in itself
 * (the caller judges it, e.g. a lock that may have expired on a slow machine).
 */
export async function identity(
  recorder: Recorder,
  target: Target,
  operation: string,
  body: object,
  options: { clientAddress?: string; refusal?: { type: string; message?: string }; mayPass?: boolean } = {},
): Promise<Answer> {
  const answer = await call(recorder, target, `identity ${operation}`, 'POST', '/api/identity/', {
    body: JSON.stringify(body),
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...(options.clientAddress ? { 'x-forwarded-for': options.clientAddress } : {}),
    },
    expect: options.refusal ? (options.mayPass ? [400, 200] : [400]) : [200],
  });
  if (!options.refusal) return answer;
  const type = String(answer.json?.__type ?? '');
  const message = String(answer.json?.message ?? '');
  const matches =
    answer.status === 400 &&
    type.endsWith(options.refusal.type) &&
    (options.refusal.message === undefined || message === options.refusal.message);
  if (answer.status === 400 && !matches) {
    recorder.error('unexpected 4xx', `${target.name} ${operation} → ${type}: ${message}`);
  }
  return { ...answer, ok: matches };
}

const tokensOf = (answer: Answer): Tokens | undefined => {
  const result = answer.json?.AuthenticationResult;
  return answer.ok && result
    ? { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: result.RefreshToken }
    : undefined;
};

export async function signInWithPassword(
  recorder: Recorder,
  target: Target,
  settings: IdentitySettings,
  email: string,
  password: string,
  clientAddress?: string,
): Promise<Tokens | undefined> {
  const answer = await identity(
    recorder,
    target,
    'InitiateAuth',
    {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: settings.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    },
    clientAddress ? { clientAddress } : {},
  );
  return tokensOf(answer);
}

/**
 * SRP sign-in as Amplify does it: InitiateAuth (USER_SRP_AUTH) through `first`, RespondToAuthChallenge
 * (PASSWORD_VERIFIER) through `second`, so the secret block one process issued is redeemed at the other.
 */
export async function signInWithSrp(
  recorder: Recorder,
  first: Target,
  second: Target,
  settings: IdentitySettings,
  email: string,
  password: string,
  clientAddress?: string,
): Promise<Tokens | undefined> {
  const a = toBigInt(randomBytes(32));
  const A = modPow(g, a, N);
  const start = await identity(
    recorder,
    first,
    'InitiateAuth',
    {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: settings.clientId,
      AuthParameters: { USERNAME: email, SRP_A: A.toString(16) },
    },
    clientAddress ? { clientAddress } : {},
  );
  const parameters = start.json?.ChallengeParameters as Record<string, string> | undefined;
  if (!start.ok || start.json?.ChallengeName !== 'PASSWORD_VERIFIER' || !parameters) return undefined;
  const poolName = poolNameOf(settings.userPoolId);
  const userId = parameters.USER_ID_FOR_SRP as string;
  const B = fromHex(parameters.SRP_B as string);
  const u = scramblingU(A, B);
  const x = privateKeyX(poolName, userId, password, parameters.SALT as string);
  const base = (((B - k * modPow(g, x, N)) % N) + N) % N;
  const S = modPow(base, a + u * x, N);
  const timestamp = formatSrpTimestamp(new Date());
  const signature = hmacSha256(
    derivedKey(S, u),
    Buffer.from(poolName, 'utf8'),
    Buffer.from(userId, 'utf8'),
    Buffer.from(parameters.SECRET_BLOCK as string, 'base64'),
    Buffer.from(timestamp, 'utf8'),
  ).toString('base64');
  const answer = await identity(
    recorder,
    second,
    'RespondToAuthChallenge',
    {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: settings.clientId,
      ChallengeResponses: {
        USERNAME: userId,
        PASSWORD_CLAIM_SECRET_BLOCK: parameters.SECRET_BLOCK,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: signature,
      },
    },
    clientAddress ? { clientAddress } : {},
  );
  return tokensOf(answer);
}

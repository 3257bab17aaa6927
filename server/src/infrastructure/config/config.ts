import path from 'node:path';
import { BRAND_IDS } from '@portal/contracts/brands';
import { z } from 'zod';
import { brandHostsSchema } from './brand-hosts.ts';
import { DEMO_SIZES } from './demo-size.ts';
import { adminCredentialProblems, identityConfigSchema } from './identity-config.ts';
import { remoteAccessConfigSchema } from './remote-access-config.ts';
import { serviceUrlsSchema } from './service-urls.ts';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.url().optional();
const booleanFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * Fastify's trustProxy: whose X-Forwarded-For / -Proto to believe. `true` believes anyone, which would let
 * any client pick its own address and walk past the per-address sign-in limits.
 */
const trustProxy = z
  .string()
  .regex(/^(true|false|[0-9a-fA-F.:/,\sa-z]+)$/, 'must be true, false or addresses/CIDRs')
  .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value));

/** Services that can be made to fail on purpose (FAULT_SERVICES), for fault tests of the web app. */
export const FAULT_SERVICE_NAMES = [
  'reseller',
  'user-portal',
  'user-portal-auth',
  'platform',
  'monitoring',
  'obm',
  'default',
] as const;

/**
 * Every setting the server reads, validated once at start; the type is inferred, never kept in sync by hand.
 * Empty strings count as unset, so `FOO= npm start` behaves like not setting FOO.
 */
export const envSchema = z
  .object({
    PORT: port.default(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    /** Issue 26: Prometheus metrics at GET /metrics on this port (0: any free port); unset: no metrics. */
    METRICS_PORT: port.optional(),
    /** The metrics listener's interface; loopback unless the scraper is elsewhere. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** Relative to where npm was invoked (INIT_CWD), else the working directory: see loadConfig. */
    DATA_DIR: z.string().min(1).default('./data'),
    /** Unset: embedded PGlite in DATA_DIR. Set: a PostgreSQL server. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    /** The URL users reach the portal at; used for token issuer and links in mails. */
    PUBLIC_URL: optionalUrl,
    MODE: z.enum(['demo', 'production']).default('demo'),
    /** The brand of every host BRAND_HOSTS does not name (decision 0022). */
    BRAND: z.enum(BRAND_IDS).default('lumora'),
    /** Host name → brand, e.g. `partner.kestreleye.example=kestrel`: the brand of the pages before sign-in. */
    BRAND_HOSTS: brandHostsSchema.default({}),
    /** smtp(s)://user:pass@host:port; unset: mail goes to the outbox table (and the console). */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Demo data size seeded into an empty database in MODE=demo. */
    DEMO_SIZE: z.enum(DEMO_SIZES).default('small'),
    /** Leaflet tile URL template for the site maps. */
    MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
    /** The customers' user portal, opened with a one-time token; per brand: brand-hosts.ts userPortalUrlFor. */
    USER_PORTAL_URL: optionalUrl,
    USER_PORTAL_URL_LUMORA: optionalUrl,
    USER_PORTAL_URL_KESTREL: optionalUrl,
    /**
     * Proxies whose forwarded client address and protocol are believed: none by default, so no client on
     * a private or container network can claim addresses to spread its sign-in attempts.
     */
    TRUST_PROXY: trustProxy.default(false),
    /**
     * Comma-separated services that answer every request with 503 (fault tests only; refused in
     * production): e.g. `platform,obm`. Names are the path segments after /api/.
     */
    FAULT_SERVICES: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(FAULT_SERVICE_NAMES)))
      .default([]),
    /** Issue 14: how long an offline condition must hold before it opens an incident (blips open nothing). */
    INCIDENT_DEBOUNCE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
    /** Reports dated further back are rejected by index (a platform replaying history, a wrong clock). */
    INGEST_MAX_REPORT_AGE_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    /** Ingest batches one key may send per minute (then 429). */
    INGEST_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    /**
     * Issue 26 item 6: after SIGTERM the process exits within this many seconds, whatever is still running
     * (decision 0028). Requests and jobs in flight get what is left after the drain.
     */
    SHUTDOWN_SECONDS: z.coerce.number().min(1).max(600).default(20),
    /**
     * After SIGTERM, /readyz answers 503 at once but requests are still served this long, so that a load
     * balancer marks the process down before it stops listening (more than its checks take to fail).
     */
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(3),
    /** Partner-API calls one API key may make per minute (then 429 with Retry-After; issue 27). */
    PARTNER_API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** Whether this process works the job queue (engine timers, license checks, housekeeping). */
    JOBS: booleanFlag.default(true),
    /**
     * Issue 24: make ready what the first sign-in would otherwise pay for (the SRP group, the token signing
     * keys, the statements a sign-in runs) before the server reports ready, and listen for change notices
     * from the start (the event streams' replay). Tests leave it off.
     */
    WARM_UP: booleanFlag.default(true),
    /** Demo only: a gentle device simulator (a few reports a second) drives this server's ingest API. */
    SIMULATE: booleanFlag.default(false),
    /** Live-update streams (GET /companies/events) one member may hold open in this process (then 429). */
    EVENT_STREAMS_PER_MEMBER: z.coerce.number().int().min(1).max(1000).default(10),
    /** Live-update streams the members of one company may hold open in this process (then 429). */
    EVENT_STREAMS_PER_COMPANY: z.coerce.number().int().min(1).max(100_000).default(100),
    /** How often an open stream checks that its caller is still signed in and a member (at most 30 s). */
    EVENT_STREAM_RECHECK_SECONDS: z.coerce.number().min(0.05).max(30).default(15),
    /** A stream ends after this long and the client opens another with a fresh token (it replays the gap). */
    EVENT_STREAM_LIFETIME_SECONDS: z.coerce.number().min(1).max(3600).default(300),
    /** Changes within this many ms are one event on a stream: a storm of reports is one refetch a second. */
    EVENT_STREAM_MERGE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /** Issue 15: incidents opening or recovering within this many seconds of the first go into one e-mail. */
    NOTIFY_BUNDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
    /** Reminders while an incident stays open, in minutes after it opened (comma-separated). */
    NOTIFY_REMINDER_MINUTES: z
      .string()
      .regex(/^\d+(,\d+)*$/, 'must be minutes separated by commas, e.g. 60,1440')
      .transform((value) => value.split(',').map(Number))
      .default([60, 1440]),
    /** First retry delay of a failed webhook delivery; doubles each attempt, for 24 hours. */
    WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(5),
    /** Webhooks one company may have (each multiplies the deliveries of every incident). */
    WEBHOOKS_PER_COMPANY: z.coerce.number().int().min(1).max(1000).default(25),
    /** One test delivery per webhook in this many seconds. */
    WEBHOOK_TEST_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** Lets webhooks reach loopback and private addresses (development and tests; refused in production). */
    WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
    /** The limit of one webhook delivery attempt, connection to answer (tests shorten it). */
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
    /** Issue 27: audit entries older than this many days are deleted by a daily job (decision 0030). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  })
  .extend(identityConfigSchema.shape)
  .extend(remoteAccessConfigSchema.shape)
  .extend(serviceUrlsSchema.shape)
  .refine((env) => env.SHUTDOWN_DRAIN_SECONDS < env.SHUTDOWN_SECONDS, {
    path: ['SHUTDOWN_DRAIN_SECONDS'],
    message: 'must be shorter than SHUTDOWN_SECONDS (requests and jobs in flight need time after the drain)',
  })
  .refine((env) => !env.METRICS_PORT || env.METRICS_PORT !== env.PORT, {
    path: ['METRICS_PORT'],
    message: 'must differ from PORT: metrics are never served on the public port',
  })
  .superRefine((env, ctx) => {
    for (const { variable, message } of [...productionProblems(env), ...adminCredentialProblems(env)]) {
      ctx.addIssue({ code: 'custom', path: [variable], message });
    }
  });

/**
 * What only a demo may have, named per variable so MODE=production refuses to start with every problem in
 * one message (issue 26 item 7). The development mailbox needs no rule of its own: it exists only in
 * MODE=demo (identity/register.ts), and without SMTP_URL mail would only reach the outbox table it reads.
 * The admin keys' rules are adminCredentialProblems (they also hold outside production).
 */
export function productionProblems(env: {
  MODE: string;
  SMTP_URL?: string | undefined;
  PUBLIC_URL?: string | undefined;
  FAULT_SERVICES: readonly string[];
  SIMULATE: boolean;
  WEBHOOK_ALLOW_PRIVATE: boolean;
}): { variable: string; message: string }[] {
  if (env.MODE !== 'production') return [];
  const problems: { variable: string; message: string }[] = [];
  if (env.SIMULATE) {
    problems.push({
      variable: 'SIMULATE',
      message: 'drives the demo devices and is not allowed in MODE=production',
    });
  }
  if (env.FAULT_SERVICES.length > 0) {
    problems.push({
      variable: 'FAULT_SERVICES',
      message: 'is for fault tests only and not allowed in MODE=production',
    });
  }
  if (env.WEBHOOK_ALLOW_PRIVATE) {
    problems.push({
      variable: 'WEBHOOK_ALLOW_PRIVATE',
      message: 'opens private networks to webhooks and is not allowed in MODE=production',
    });
  }
  if (!env.SMTP_URL) {
    problems.push({
      variable: 'SMTP_URL',
      message:
        'is required in MODE=production: without it mail (temporary passwords, reset codes, incidents) only reaches the outbox table, where no one reads it',
    });
  }
  if (!env.PUBLIC_URL) {
    problems.push({ variable: 'PUBLIC_URL', message: 'is required in MODE=production (an https:// URL)' });
  } else if (!env.PUBLIC_URL.startsWith('https://')) {
    problems.push({
      variable: 'PUBLIC_URL',
      message: 'must be an https:// URL in MODE=production (tokens, reset links and passkeys travel over it)',
    });
  }
  return problems;
}

/** The production rules' view of values that did not all parse. */
function roughly(env: Record<string, string | undefined>) {
  return {
    MODE: env.MODE ?? 'demo',
    SMTP_URL: env.SMTP_URL,
    PUBLIC_URL: env.PUBLIC_URL,
    FAULT_SERVICES: (env.FAULT_SERVICES ?? '').split(',').filter((name) => name.trim()),
    SIMULATE: env.SIMULATE === 'true',
    WEBHOOK_ALLOW_PRIVATE: env.WEBHOOK_ALLOW_PRIVATE === 'true',
    IDENTITY_ADMIN_ACCESS_KEY_ID: env.IDENTITY_ADMIN_ACCESS_KEY_ID,
    IDENTITY_ADMIN_SECRET_ACCESS_KEY: env.IDENTITY_ADMIN_SECRET_ACCESS_KEY,
    COGNITO_ENDPOINT: env.COGNITO_ENDPOINT,
  };
}

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  PUBLIC_URL: string;
  version: string;
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      variable: issue.path.join('.'),
      message: issue.message,
    }));
    // The refinements run only when every value parsed: name the production problems of the raw values too,
    // so one start shows everything to fix.
    const named = new Set(issues.map((issue) => issue.variable));
    for (const problem of [
      ...productionProblems(roughly(cleaned)),
      ...adminCredentialProblems(roughly(cleaned)),
    ]) {
      if (!named.has(problem.variable)) issues.push(problem);
    }
    const lines = issues.map(({ variable, message }) => `  ${variable}: ${message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  return {
    ...parsed,
    // `npm start` runs the server workspace in server/; a relative DATA_DIR means the folder where the
    // command was typed (npm's INIT_CWD), so the default is the repository's data/ as the README says.
    DATA_DIR: path.resolve(env.INIT_CWD ?? process.cwd(), parsed.DATA_DIR),
    PUBLIC_URL: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    version: process.env.npm_package_version ?? '0.1.0',
  };
}

import { z } from 'zod';

const seconds = z.coerce.number().int().positive();

/**
 * Identity settings. Defaults are Amazon Cognito's documented defaults (COGNITO.md §5, §7);
 * every number is configurable so tests need not wait.
 */
export const identityConfigSchema = z.object({
  COGNITO_REGION: z.string().min(1).default('us-west-2'),
  COGNITO_USER_POOL_ID: z
    .string()
    .regex(
      /^[a-z]{2}-(gov-)?[a-z]+-\d_[a-zA-Z0-9]+$/,
      'must look like <region>_<id>, e.g. us-west-2_Ab12Cd34',
    )
    .default('us-west-2_PartnerPool1'),
  COGNITO_CLIENT_ID: z.string().min(1).default('partnerportalwebclient01'),
  /** Set to use Amazon Cognito (or another pool) instead of the embedded one. */
  COGNITO_ENDPOINT: z.url().optional(),
  /** Token issuer; default: PUBLIC_URL + /api/identity/ + pool id. */
  COGNITO_ISSUER: z.url().optional(),
  /**
   * Keys the server signs its own Admin* calls with (SigV4), and the embedded pool verifies. No default:
   * unset, the embedded pool generates them on first start and keeps them in the database. Required in
   * MODE=production and with COGNITO_ENDPOINT (see adminCredentialProblems).
   */
  IDENTITY_ADMIN_ACCESS_KEY_ID: z.string().optional(),
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: z.string().optional(),
  IDENTITY_PREVENT_USER_EXISTENCE_ERRORS: z.enum(['LEGACY', 'ENABLED']).default('LEGACY'),
  IDENTITY_ACCESS_TOKEN_SECONDS: seconds.default(3600),
  IDENTITY_REFRESH_TOKEN_SECONDS: seconds.default(30 * 24 * 3600),
  IDENTITY_AUTH_SESSION_SECONDS: seconds.default(180),
  IDENTITY_CODE_SECONDS: seconds.default(3600),
  IDENTITY_CODE_ATTEMPTS_PER_HOUR: seconds.default(10),
  IDENTITY_TEMPORARY_PASSWORD_SECONDS: seconds.default(7 * 24 * 3600),
  IDENTITY_LOCKOUT_THRESHOLD: seconds.default(5),
  IDENTITY_LOCKOUT_MAX_SECONDS: seconds.default(900),
  IDENTITY_LOCKOUT_RESET_SECONDS: seconds.default(900),
  /**
   * Sign-in, password-reset and resend requests one client address may make per minute, counted per
   * operation in the database (so every server process sees the same count): InitiateAuth and
   * RespondToAuthChallenge separately (one SRP sign-in costs one of each), ForgotPassword and
   * ConfirmForgotPassword together, the reseller's resend-password call on its own. Clients retry a
   * throttled call up to 3 times, and every retry counts (COGNITO.md §1.3).
   */
  IDENTITY_ADDRESS_REQUESTS_PER_MINUTE: seconds.default(120),
  /** Temporary-password resends (reseller `POST /auth/password`) per account per hour. */
  IDENTITY_RESEND_PER_HOUR: seconds.default(5),
  /**
   * The pool's MFA configuration (Cognito's OFF / OPTIONAL / ON): `optional` challenges users who set up a
   * second factor (TOTP, e-mail code); `on` also sends users without one through MFA_SETUP; `off` never asks.
   */
  IDENTITY_MFA: z.enum(['on', 'optional', 'off']).default('optional'),
  /** Validity of an e-mail sign-in code (EMAIL_OTP). */
  IDENTITY_MFA_CODE_SECONDS: seconds.default(300),
  /**
   * Whether USER_AUTH offers an e-mailed code as a first factor (EMAIL_OTP, passwordless), as a Cognito app
   * client does when it allows that sign-in choice. Only users with a verified e-mail get it.
   */
  IDENTITY_EMAIL_OTP_SIGN_IN: z.enum(['on', 'off']).default('off'),
});

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

/** Shortest admin keys accepted from the environment (AWS's own are 20 and 40 characters). */
const ADMIN_KEY_MIN_LENGTHS = {
  IDENTITY_ADMIN_ACCESS_KEY_ID: 16,
  IDENTITY_ADMIN_SECRET_ACCESS_KEY: 32,
} as const;

/**
 * Admin keys that once shipped as defaults in this repository. Anyone can read them, so they are refused
 * everywhere; they are not secrets, and kept so a configuration copied from an old release fails loudly.
 */
export const SHIPPED_ADMIN_CREDENTIALS: readonly string[] = [
  'AKIAPARTNERPORTAL0001',
  'partner-portal-embedded-admin-secret',
];

/**
 * What is wrong with the admin keys of a configuration, per variable. They must be set in production and
 * for an external pool (generated keys only exist for the embedded one), both or neither, long enough,
 * and never a value that shipped.
 */
export function adminCredentialProblems(
  env: Pick<
    IdentityConfig,
    'IDENTITY_ADMIN_ACCESS_KEY_ID' | 'IDENTITY_ADMIN_SECRET_ACCESS_KEY' | 'COGNITO_ENDPOINT'
  > & {
    MODE: string;
  },
): { variable: keyof typeof ADMIN_KEY_MIN_LENGTHS; message: string }[] {
  const problems: { variable: keyof typeof ADMIN_KEY_MIN_LENGTHS; message: string }[] = [];
  const given = Object.keys(ADMIN_KEY_MIN_LENGTHS).filter(
    (name) => env[name as keyof typeof ADMIN_KEY_MIN_LENGTHS] !== undefined,
  );
  const required = env.MODE === 'production' || env.COGNITO_ENDPOINT !== undefined || given.length > 0;
  for (const [variable, minLength] of Object.entries(ADMIN_KEY_MIN_LENGTHS) as [
    keyof typeof ADMIN_KEY_MIN_LENGTHS,
    number,
  ][]) {
    const value = env[variable];
    if (value === undefined) {
      if (required) {
        problems.push({
          variable,
          message:
            given.length > 0
              ? 'must be set together with the other IDENTITY_ADMIN_* key'
              : env.COGNITO_ENDPOINT !== undefined
                ? 'is required with COGNITO_ENDPOINT'
                : 'is required in MODE=production',
        });
      }
    } else if (SHIPPED_ADMIN_CREDENTIALS.includes(value)) {
      problems.push({ variable, message: 'is a value that was published with the source; choose a new one' });
    } else if (value.length < minLength) {
      problems.push({ variable, message: `must be at least ${minLength} characters` });
    }
  }
  return problems;
}

/** The identity settings of the environment, for code that runs without the app's Config (CLI, seeding). */
export function identityConfigFromEnv(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  return identityConfigSchema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
}

import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Cognito's user statuses (COGNITO.md §3.14); the pool uses the ones it can reach. */
export type PoolUserStatus = 'FORCE_CHANGE_PASSWORD' | 'CONFIRMED' | 'RESET_REQUIRED' | 'UNCONFIRMED';

/** A user of the embedded pool. The domain's users table references `sub`, never the other way. */
export interface IdentityUsersTable {
  sub: string;
  /** Internal username (USER_ID_FOR_SRP): the sub, as in Cognito pools where email is the username. */
  username: string;
  email: string;
  email_verified: boolean;
  name: string | null;
  locale: string;
  status: PoolUserStatus;
  enabled: boolean;
  srp_salt: string;
  srp_verifier: string;
  password_hash: string;
  /** Set while the password is temporary (FORCE_CHANGE_PASSWORD). */
  temporary_password_expires_at: Timestamp | null;
  /** Lockout state (COGNITO.md §7): failed attempts, lock end, last counted attempt. */
  failed_attempts: Generated<number>;
  locked_until: Timestamp | null;
  last_attempt_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One-time, expiring sign-in state: an SRP secret block, or a NEW_PASSWORD_REQUIRED / SELECT_CHALLENGE session. */
export interface IdentityAuthSessionsTable {
  /** SHA-256 of the SECRET_BLOCK / Session handed to the client. */
  id_hash: string;
  kind: 'SRP' | 'NEW_PASSWORD_REQUIRED' | 'SELECT_CHALLENGE';
  sub: string;
  client_id: string;
  data: JSONColumnType<Record<string, string>>;
  expires_at: Timestamp;
}

/** A refresh token (stored hashed) and the sign-in it stands for: origin_jti ties every token to it. */
export interface IdentityRefreshTokensTable {
  token_hash: string;
  origin_jti: string;
  sub: string;
  client_id: string;
  auth_time: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface IdentityResetCodesTable {
  sub: string;
  code_hash: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** Fixed-window counters shared by every process (rate limits, code attempts). */
export interface IdentityRateCountersTable {
  key: string;
  window_started_at: Timestamp;
  count: number;
}

/** RS256 key pairs, created on first use and kept: one per purpose ('id', 'access', 'company', ...). */
export interface IdentitySigningKeysTable {
  kid: string;
  purpose: string;
  private_jwk: JSONColumnType<JsonWebKeyRecord>;
  public_jwk: JSONColumnType<JsonWebKeyRecord>;
  created_at: CreatedAt;
}

export type JsonWebKeyRecord = Record<string, string>;

/** Generated secrets kept by name (embedded pool admin keys, ...), created once and never changed. */
export interface IdentitySecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

/** Mail that was not handed to SMTP: the development mailbox reads it. */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  locale: string;
  template: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: CreatedAt;
}

/** Row types of the embedded user pool. */
export type IdentityTables = {
  identity_users: IdentityUsersTable;
  identity_auth_sessions: IdentityAuthSessionsTable;
  identity_refresh_tokens: IdentityRefreshTokensTable;
  identity_reset_codes: IdentityResetCodesTable;
  identity_rate_counters: IdentityRateCountersTable;
  identity_signing_keys: IdentitySigningKeysTable;
  identity_secrets: IdentitySecretsTable;
  mail_outbox: MailOutboxTable;
};

export type PoolUser = Selectable<IdentityUsersTable>;
export type NewPoolUser = Insertable<IdentityUsersTable>;

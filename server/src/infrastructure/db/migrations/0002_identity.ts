import { type Kysely, sql } from 'kysely';

/** The embedded user pool and the mail outbox. Self-contained: no reference to the domain tables. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_users')
    .addColumn('sub', 'uuid', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('name', 'text')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('srp_salt', 'text', (c) => c.notNull())
    .addColumn('srp_verifier', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('temporary_password_expires_at', 'timestamptz')
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index identity_users_email_key on identity_users (lower(email))`.execute(db);

  await db.schema
    .createTable('identity_auth_sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sub', 'uuid', (c) => c.notNull().references('identity_users.sub').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('identity_auth_sessions_expires_idx')
    .on('identity_auth_sessions')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('identity_refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('origin_jti', 'uuid', (c) => c.notNull().unique())
    .addColumn('sub', 'uuid', (c) => c.notNull().references('identity_users.sub').onDelete('cascade'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('auth_time', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('identity_refresh_tokens_sub_idx')
    .on('identity_refresh_tokens')
    .column('sub')
    .execute();

  await db.schema
    .createTable('identity_reset_codes')
    .addColumn('sub', 'uuid', (c) => c.primaryKey().references('identity_users.sub').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('identity_rate_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('identity_signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().unique())
    .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index mail_outbox_to_idx on mail_outbox (lower(to_address), created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mail_outbox',
    'identity_signing_keys',
    'identity_rate_counters',
    'identity_reset_codes',
    'identity_refresh_tokens',
    'identity_auth_sessions',
    'identity_users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

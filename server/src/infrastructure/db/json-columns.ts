import type { JSONColumnType } from 'kysely';

/** The shapes of jsonb columns, which the database does not know; generated-tables.ts uses them. */

/** audit_log.details, before and after: written as an object or as JSON text; both engines store the same jsonb. */
export type AuditDetailsColumn = JSONColumnType<
  Record<string, unknown>,
  Record<string, unknown> | string,
  Record<string, unknown> | string
>;

/** identity_signing_keys.private_jwk / public_jwk. */
export type JsonWebKeyRecord = Record<string, string>;

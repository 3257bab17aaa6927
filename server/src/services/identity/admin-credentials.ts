import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../../infrastructure/config/config.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import { storedSecret } from '../../infrastructure/secrets/stored-secrets.ts';

/** The SigV4 keys of the server's own Admin* calls, which the embedded pool verifies. */
export interface AdminCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** An access key id shaped like AWS's: AKIA and 16 upper-case letters and digits. */
function generateAccessKeyId(): string {
  let id = 'AKIA';
  for (let i = 0; i < 16; i++) id += UPPER_ALPHANUMERIC[randomInt(UPPER_ALPHANUMERIC.length)];
  return id;
}

/** 30 random bytes: a 40-character secret, as long as AWS's. */
const generateSecretAccessKey = () => randomBytes(30).toString('base64url');

/** Fresh random admin keys as environment variables (for tests and benchmarks that run MODE=production). */
export function generateAdminKeyEnv(): Record<
  'IDENTITY_ADMIN_ACCESS_KEY_ID' | 'IDENTITY_ADMIN_SECRET_ACCESS_KEY',
  string
> {
  return {
    IDENTITY_ADMIN_ACCESS_KEY_ID: generateAccessKeyId(),
    IDENTITY_ADMIN_SECRET_ACCESS_KEY: generateSecretAccessKey(),
  };
}

/**
 * The admin keys: IDENTITY_ADMIN_* when set (config validation makes sure they are, where it must);
 * otherwise, for the embedded pool, keys generated on first start and kept in the database.
 */
export async function resolveAdminCredentials(config: Config, db: Kysely<DB>): Promise<AdminCredentials> {
  if (config.IDENTITY_ADMIN_ACCESS_KEY_ID && config.IDENTITY_ADMIN_SECRET_ACCESS_KEY) {
    return {
      accessKeyId: config.IDENTITY_ADMIN_ACCESS_KEY_ID,
      secretAccessKey: config.IDENTITY_ADMIN_SECRET_ACCESS_KEY,
    };
  }
  return {
    accessKeyId: await storedSecret(db, 'admin-access-key-id', generateAccessKeyId),
    secretAccessKey: await storedSecret(db, 'admin-secret-access-key', generateSecretAccessKey),
  };
}

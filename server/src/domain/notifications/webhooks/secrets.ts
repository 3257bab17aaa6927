import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/types.ts';
import { storedSecret } from '../../../identity/stored-secrets.ts';

/**
 * Webhook signing secrets (decision 0019). The server must read them back to sign, so they cannot be hashed:
 * they are sealed with AES-256-GCM under a key generated on first start and kept with the other generated
 * secrets (identity_secrets), never in the source. A leaked webhooks row, dump of that table or log line is
 * not a usable secret.
 */

const KEY_NAME = 'webhook-secret-key';
const VERSION = 'v1';

/** `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

async function sealingKey(db: Kysely<DB>): Promise<Buffer> {
  const stored = await storedSecret(db, KEY_NAME, () => randomBytes(32).toString('base64url'));
  return createHash('sha256').update(`webhook secrets:${stored}`).digest();
}

export async function sealSecret(db: Kysely<DB>, secret: string): Promise<string> {
  const key = await sealingKey(db);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    sealed.toString('base64url'),
  ].join('.');
}

export async function openSecret(db: Kysely<DB>, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !data) throw new Error('unknown sealed webhook secret format');
  const decipher = createDecipheriv('aes-256-gcm', await sealingKey(db), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

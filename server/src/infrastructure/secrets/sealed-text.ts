import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.ts';
import { storedSecret } from './stored-secrets.ts';

const VERSION = 'v1';

/**
 * Secrets the server must read back (webhook signing secrets, TOTP seeds) are sealed with AES-256-GCM under
 * a key generated on first start and kept with the other generated secrets (identity_secrets), one key per
 * purpose and never in the source. A leaked row, table dump or log line is not a usable secret.
 */
async function sealingKey(db: Kysely<DB>, keyName: string, purpose: string): Promise<Buffer> {
  const stored = await storedSecret(db, keyName, () => randomBytes(32).toString('base64url'));
  return createHash('sha256').update(`${purpose}:${stored}`).digest();
}

export interface SealingPurpose {
  /** The identity_secrets row of the key. */
  keyName: string;
  /** Mixed into the key, so one stored key never serves two purposes. */
  purpose: string;
}

export async function sealText(db: Kysely<DB>, use: SealingPurpose, text: string): Promise<string> {
  const key = await sealingKey(db, use.keyName, use.purpose);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [
    VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    sealed.toString('base64url'),
  ].join('.');
}

export async function openText(db: Kysely<DB>, use: SealingPurpose, sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !data) throw new Error(`unknown sealed ${use.purpose} format`);
  const key = await sealingKey(db, use.keyName, use.purpose);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

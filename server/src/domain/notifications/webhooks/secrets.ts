import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../infrastructure/db/types.ts';
import { openText, type SealingPurpose, sealText } from '../../../infrastructure/secrets/sealed-text.ts';

/**
 * Webhook signing secrets (decision 0019). The server must read them back to sign, so they cannot be hashed:
 * they are sealed (identity/sealed-text.ts) under a key of their own.
 */

const WEBHOOK_SECRETS: SealingPurpose = { keyName: 'webhook-secret-key', purpose: 'webhook secrets' };

/** `whsec_` and the base64 of 32 random bytes (Standard Webhooks). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export const sealSecret = (db: Kysely<DB>, secret: string): Promise<string> =>
  sealText(db, WEBHOOK_SECRETS, secret);

export const openSecret = (db: Kysely<DB>, sealed: string): Promise<string> =>
  openText(db, WEBHOOK_SECRETS, sealed);

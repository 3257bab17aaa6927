import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@portal/contracts/api-keys';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^43 > 2^256: every 32-byte value fits in 43 digits. */
const DIGITS = 43;

/** 32 random bytes as base62, padded to a fixed length (so every key looks alike). */
function base62(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex')}`);
  let text = '';
  while (value > 0n) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  return text.padStart(DIGITS, '0');
}

/** A new key: `ppk_` + 32 random bytes, base62. */
export const newApiKeyText = () => `${API_KEY_PREFIX}${base62(randomBytes(32))}`;

/** What is stored: SHA-256 is enough for 256 random bits (no dictionary to guess from, nothing to stretch). */
export const apiKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** Whether a bearer value can be an API key at all (cheap, before any lookup). */
export const looksLikeApiKey = (value: string) =>
  value.startsWith(API_KEY_PREFIX) && value.length === API_KEY_PREFIX.length + DIGITS;

import { createHash, randomBytes } from 'node:crypto';

/**
 * Capability tokens (approval links, one-time portal tokens): 256 random bits, stored only as their
 * SHA-256, so a database leak does not hand out working links. Unlike a signed token, a stored one can
 * be revoked (abort) and used once.
 */
export const newSecretToken = () => randomBytes(32).toString('base64url');
export const hashSecretToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const looksLikeSecretToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

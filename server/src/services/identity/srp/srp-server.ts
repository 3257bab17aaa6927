import { randomBytes, timingSafeEqual } from 'node:crypto';
import { derivedKey, fromHex, g, hmacSha256, k, modPowN, N, scramblingU, toBigInt } from './srp-math.ts';

/** The server's ephemeral values for one SRP sign-in: B = (k·v + g^b) mod N, never 0 mod N. */
export function serverEphemeral(verifierHex: string): { bHex: string; BHex: string } {
  const v = fromHex(verifierHex);
  for (;;) {
    const b = toBigInt(randomBytes(32));
    const B = (k * v + modPowN(g, b)) % N;
    if (B !== 0n) return { bHex: b.toString(16), BHex: B.toString(16) };
  }
}

export interface PasswordClaim {
  poolName: string;
  userIdForSrp: string;
  verifierHex: string;
  AHex: string;
  bHex: string;
  BHex: string;
  secretBlock: string;
  timestamp: string;
  signature: string;
}

/** Recomputes PASSWORD_CLAIM_SIGNATURE (COGNITO.md §6.2-§6.3) and compares it in constant time. */
export function verifyPasswordClaim(claim: PasswordClaim): boolean {
  const A = fromHex(claim.AHex);
  const B = fromHex(claim.BHex);
  const u = scramblingU(A, B);
  if (u === 0n) return false;
  const v = fromHex(claim.verifierHex);
  const S = modPowN((A * modPowN(v, u)) % N, fromHex(claim.bHex));
  const key = derivedKey(S, u);
  const expected = hmacSha256(
    key,
    Buffer.from(claim.poolName, 'utf8'),
    Buffer.from(claim.userIdForSrp, 'utf8'),
    Buffer.from(claim.secretBlock, 'base64'),
    Buffer.from(claim.timestamp, 'utf8'),
  );
  const received = Buffer.from(claim.signature, 'base64');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

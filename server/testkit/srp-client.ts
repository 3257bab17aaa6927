import { randomBytes } from 'node:crypto';
import {
  derivedKey,
  fromHex,
  g,
  hmacSha256,
  k,
  modPowN,
  N,
  poolNameOf,
  privateKeyX,
  scramblingU,
  toBigInt,
} from '../src/services/identity/srp/srp-math.ts';
import { formatSrpTimestamp } from '../src/services/identity/srp/timestamp.ts';

/**
 * The client side of Cognito's SRP (COGNITO.md §6.2), as Amplify computes it: `SRP_A` to send, then
 * the PASSWORD_VERIFIER ChallengeResponses for a password.
 */
export function srpClient(userPoolId: string) {
  const a = toBigInt(randomBytes(128));
  const A = modPowN(g, a);
  const poolName = poolNameOf(userPoolId);
  return {
    SRP_A: A.toString(16),
    passwordClaim(challenge: Record<string, string>, password: string): Record<string, string> {
      const { SALT, SRP_B, SECRET_BLOCK, USER_ID_FOR_SRP } = challenge as Record<string, string>;
      const B = fromHex(SRP_B!);
      const u = scramblingU(A, B);
      const x = privateKeyX(poolName, USER_ID_FOR_SRP!, password, SALT!);
      const base = (((B - ((k * modPowN(g, x)) % N)) % N) + N) % N;
      const S = modPowN(base, a + u * x);
      const timestamp = formatSrpTimestamp(new Date());
      const signature = hmacSha256(
        derivedKey(S, u),
        Buffer.from(poolName, 'utf8'),
        Buffer.from(USER_ID_FOR_SRP!, 'utf8'),
        Buffer.from(SECRET_BLOCK!, 'base64'),
        Buffer.from(timestamp, 'utf8'),
      ).toString('base64');
      return {
        USERNAME: USER_ID_FOR_SRP!,
        PASSWORD_CLAIM_SECRET_BLOCK: SECRET_BLOCK!,
        TIMESTAMP: timestamp,
        PASSWORD_CLAIM_SIGNATURE: signature,
      };
    },
  };
}

import { randomBytes } from 'node:crypto';
import { g, modPowN, poolNameOf, privateKeyX } from './srp-math.ts';

export interface SrpCredential {
  saltHex: string;
  verifierHex: string;
}

/** What the pool stores instead of the password for SRP: a random salt and v = g^x mod N. */
export function createSrpCredential(
  userPoolId: string,
  userIdForSrp: string,
  password: string,
): SrpCredential {
  const saltHex = randomBytes(16).toString('hex');
  const x = privateKeyX(poolNameOf(userPoolId), userIdForSrp, password, saltHex);
  return { saltHex, verifierHex: modPowN(g, x).toString(16) };
}

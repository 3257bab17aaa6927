import { hashPassword } from './password-hash.ts';
import { createSrpCredential } from './srp/verifier.ts';

export interface StoredCredentials {
  srp_salt: string;
  srp_verifier: string;
  password_hash: string;
}

/** Everything stored for a password: the SRP salt + verifier and an argon2id hash (COGNITO.md §6.3). */
export async function credentialsFor(
  userPoolId: string,
  username: string,
  password: string,
): Promise<StoredCredentials> {
  const { saltHex, verifierHex } = createSrpCredential(userPoolId, username, password);
  return { srp_salt: saltHex, srp_verifier: verifierHex, password_hash: await hashPassword(password) };
}

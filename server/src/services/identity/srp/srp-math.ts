import {
  createDiffieHellman,
  createHash,
  createHmac,
  type DiffieHellman,
  getDiffieHellman,
} from 'node:crypto';

/**
 * The arithmetic of Cognito's SRP variant (COGNITO.md §6.1): the 3072-bit MODP prime of RFC 3526
 * group 15 with g = 2, SHA-256, and Java-BigInteger-style padding for every integer that is hashed.
 */
export const N = BigInt(`0x${getDiffieHellman('modp15').getPrime('hex')}`);
export const g = 2n;

export function sha256(...parts: Uint8Array[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

export function hmacSha256(key: Uint8Array, ...parts: Uint8Array[]): Buffer {
  const hmac = createHmac('sha256', key);
  for (const part of parts) hmac.update(part);
  return hmac.digest();
}

/** Two's-complement big-endian bytes, as Java's BigInteger.toByteArray(): a leading 00 when the top bit is set. */
export function pad(n: bigint): Buffer {
  let hex = n.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  if (/^[89a-f]/.test(hex)) hex = `00${hex}`;
  return Buffer.from(hex, 'hex');
}

export function toBigInt(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

export function fromHex(hex: string): bigint {
  return BigInt(`0x${hex}`);
}

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

const unsignedBytes = (n: bigint): Buffer => {
  const hex = n.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
};
const N_BYTES = unsignedBytes(N);
const G_BYTES = unsignedBytes(g);

/**
 * One Diffie-Hellman object for the group, made once: Node 24's OpenSSL checks the prime when one is made
 * (~1.4 s for 3072 bits, against 0.02 ms on Node 20). Reusing it is safe: setPrivateKey and computeSecret
 * run back to back in one synchronous call, so no other use can come between them.
 */
let agreement: DiffieHellman | undefined;
const groupAgreement = () => {
  agreement ??= createDiffieHellman(N_BYTES, G_BYTES);
  return agreement;
};

/** Makes the group's Diffie-Hellman object now (the warm-up at start), so no sign-in waits for its check. */
export function prepareSrpGroup(): void {
  groupAgreement();
}

/** Whether the group's object is made (the warm-up's test reads it). */
export const srpGroupPrepared = (): boolean => agreement !== undefined;

/**
 * base^exponent mod N in OpenSSL, about ten times faster than `modPow` on BigInts (a sign-in needs three
 * of these): a Diffie-Hellman agreement in this group with `exponent` as the private key and `base` as the
 * peer's public key computes exactly that. OpenSSL refuses peer keys outside 2..N-2; those (never met in a
 * real sign-in) and exponents below 2 go to `modPow`.
 */
export function modPowN(base: bigint, exponent: bigint): bigint {
  const b = ((base % N) + N) % N;
  if (exponent < 2n || b < 2n || b > N - 2n) return modPow(b, exponent, N);
  const dh = groupAgreement();
  dh.setPrivateKey(unsignedBytes(exponent));
  return toBigInt(dh.computeSecret(unsignedBytes(b)));
}

/** k = H(PAD(N) | PAD(g)), not padded to the length of N (the classic bug). */
export const k = toBigInt(sha256(pad(N), pad(g)));

/** The pool name hashed into every SRP value: the part of the pool id after the first '_'. */
export function poolNameOf(userPoolId: string): string {
  return userPoolId.slice(userPoolId.indexOf('_') + 1);
}

/** x = H(PAD(salt) | H(poolName | userId | ':' | password)). */
export function privateKeyX(
  poolName: string,
  userIdForSrp: string,
  password: string,
  saltHex: string,
): bigint {
  const inner = sha256(Buffer.from(`${poolName}${userIdForSrp}:${password}`, 'utf8'));
  return toBigInt(sha256(pad(fromHex(saltHex)), inner));
}

/** u = H(PAD(A) | PAD(B)). */
export function scramblingU(A: bigint, B: bigint): bigint {
  return toBigInt(sha256(pad(A), pad(B)));
}

/** One-block HKDF-SHA256 with the info "Caldera Derived Key", truncated to 16 bytes. */
export function derivedKey(S: bigint, u: bigint): Buffer {
  const prk = hmacSha256(pad(u), pad(S));
  return hmacSha256(prk, Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])).subarray(0, 16);
}

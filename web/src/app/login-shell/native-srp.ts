import BigInteger, { type AmplifyBigInteger } from 'amplify-srp-big-integer';

/** base^exponent mod modulus in the engine's native BigInt, left to right with a 4-bit window. */
export function nativeModPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus === 1n) return 0n;
  const b = ((base % modulus) + modulus) % modulus;
  const table = [1n, b];
  for (let i = 2; i < 16; i += 1) table.push(((table[i - 1] as bigint) * b) % modulus);
  let result = 1n;
  const bits = exponent.toString(2);
  const pad = (4 - (bits.length % 4)) % 4;
  const padded = '0'.repeat(pad) + bits;
  for (let i = 0; i < padded.length; i += 4) {
    result = (result * result) % modulus;
    result = (result * result) % modulus;
    result = (result * result) % modulus;
    result = (result * result) % modulus;
    const digit = Number.parseInt(padded.slice(i, i + 4), 2);
    if (digit !== 0) result = (result * (table[digit] as bigint)) % modulus;
  }
  return result;
}

function toNative(value: AmplifyBigInteger): bigint {
  const hex = value.toString(16);
  return hex.startsWith('-') ? -BigInt(`0x${hex.slice(1)}`) : BigInt(`0x${hex}`);
}

/**
 * Amplify's SRP (3072-bit group: A = g^a, g^x and S, three modular powers per sign-in) runs on a big-integer
 * class written in JavaScript; the engine's own BigInt does the same powers 4–8 times faster (decision 0006,
 * issue 24). This gives Amplify's class a modPow on BigInt, same answers (native-srp.test.ts holds it to the
 * original, negative bases included), so the proof of the password costs the phone less CPU.
 */
export function installNativeModPow(prototype: AmplifyBigInteger = BigInteger.prototype): void {
  prototype.modPow = function modPow(this: AmplifyBigInteger, exponent, modulus, callback) {
    const power = nativeModPow(toNative(this), toNative(exponent), toNative(modulus));
    const result = new BigInteger(power.toString(16), 16);
    callback?.(null, result);
    return result;
  };
}

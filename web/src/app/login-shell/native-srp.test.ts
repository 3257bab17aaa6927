import BigInteger, { type AmplifyBigInteger } from 'amplify-srp-big-integer';
import { describe, expect, it } from 'vitest';
import { installNativeModPow, nativeModPow } from './native-srp.ts';

/** Cognito's 3072-bit SRP group (RFC 5054), as Amplify's constants hold it: the modulus of every power. */
const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DDEF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7EDEE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3BE39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA051015728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200CBBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

const big = (hex: string) => new BigInteger(hex, 16);
/** A deterministic pseudo-random hex string of `bytes` bytes (no clock, no Math.random). */
function hexOf(bytes: number, seed: number): string {
  let state = seed;
  let hex = '';
  for (let i = 0; i < bytes; i += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    hex += (state >> 16).toString(16).padStart(4, '0').slice(-2);
  }
  return hex.replace(/^0+/, '') || '1';
}

const original = BigInteger.prototype.modPow;
const ignore = () => {};
const originalPow = (base: AmplifyBigInteger, exponent: AmplifyBigInteger, modulus: AmplifyBigInteger) =>
  original.call(base, exponent, modulus, ignore).toString(16);
const toNative = (value: AmplifyBigInteger) => {
  const hex = value.toString(16);
  return hex.startsWith('-') ? -BigInt(`0x${hex.slice(1)}`) : BigInt(`0x${hex}`);
};

describe("native BigInt powers for Amplify's SRP", () => {
  it.each([1, 2, 3, 4, 5])('give what the JavaScript class gives: g^a, g^x and S (seed %i)', (seed) => {
    const N = big(N_HEX);
    const g = big('2');
    const a = big(hexOf(128, seed));
    const x = big(hexOf(32, seed + 100));
    const B = big(hexOf(384, seed + 200)).mod(N);
    const k = big(hexOf(32, seed + 300));
    const u = big(hexOf(32, seed + 400));
    // S's base B - k·g^x is negative here (k·g^x is the longer): Amplify takes its positive residue.
    const base = B.subtract(k.multiply(original.call(g, x, N, ignore)));
    for (const [b, e] of [
      [g, a],
      [g, x],
      [base, a.add(u.multiply(x))],
    ] as const) {
      const native = nativeModPow(toNative(b), toNative(e), toNative(N));
      expect(native.toString(16)).toBe(originalPow(b, e, N));
    }
  });

  it('answer as the class does once installed: the result, and the callback', () => {
    const prototype = Object.create(BigInteger.prototype) as AmplifyBigInteger;
    installNativeModPow(prototype);
    const base = Object.assign(Object.create(prototype), big(`-${hexOf(300, 9)}`)) as AmplifyBigInteger;
    const exponent = big(hexOf(160, 10));
    const N = big(N_HEX);
    let called: string | undefined;
    const result = prototype.modPow.call(base, exponent, N, (_error, value) => {
      called = value.toString(16);
    });
    expect(result.toString(16)).toBe(originalPow(big(`-${hexOf(300, 9)}`), exponent, N));
    expect(called).toBe(result.toString(16));
  });

  it('handle the edges: exponent 0 and modulus 1', () => {
    expect(nativeModPow(5n, 0n, 7n)).toBe(1n);
    expect(nativeModPow(5n, 3n, 1n)).toBe(0n);
    expect(nativeModPow(-3n, 3n, 7n)).toBe(1n); // (-3)^3 = -27 ≡ 1 (mod 7)
  });
});

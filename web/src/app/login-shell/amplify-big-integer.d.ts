/** Amplify's jsbn-derived big integer (src-alias.ts `amplifyBigIntegerAlias`): what its SRP code calls. */
declare module 'amplify-srp-big-integer' {
  export interface AmplifyBigInteger {
    toString(radix: number): string;
    modPow(
      exponent: AmplifyBigInteger,
      modulus: AmplifyBigInteger,
      callback?: (error: unknown, result: AmplifyBigInteger) => void,
    ): AmplifyBigInteger;
    subtract(other: AmplifyBigInteger): AmplifyBigInteger;
    multiply(other: AmplifyBigInteger): AmplifyBigInteger;
    add(other: AmplifyBigInteger): AmplifyBigInteger;
    mod(other: AmplifyBigInteger): AmplifyBigInteger;
  }
  const BigInteger: {
    new (value: string, radix: number): AmplifyBigInteger;
    prototype: AmplifyBigInteger;
  };
  export default BigInteger;
}

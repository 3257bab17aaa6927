import { fileURLToPath } from 'node:url';

/** `@/…` is `web/src/…` (tsconfig.json `paths`), for Vite and Vitest; relative imports stay within one folder. */
export const srcAlias = { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` };

/**
 * Amplify's own big-integer class behind its SRP arithmetic (not exported by the package): the pre-rendered
 * form gives it the browser's native BigInt modPow (src/app/login-shell/native-srp.ts). The same file as
 * Amplify's relative import, so one module instance; a build of a newer Amplify without it fails here.
 */
export const amplifyBigIntegerAlias = {
  find: /^amplify-srp-big-integer$/,
  replacement: fileURLToPath(
    new URL(
      '../node_modules/@aws-amplify/auth/dist/esm/providers/cognito/utils/srp/BigInteger/BigInteger.mjs',
      import.meta.url,
    ),
  ),
};

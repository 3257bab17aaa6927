import { fileURLToPath } from 'node:url';

/** `@/…` is `web/src/…` (tsconfig.json `paths`), for Vite and Vitest; relative imports stay within one folder. */
export const srcAlias = { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` };

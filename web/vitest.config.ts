import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { amplifyBigIntegerAlias, srcAlias } from './src-alias.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [srcAlias, amplifyBigIntegerAlias] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Ceilings, not speeds: at load 20 on a 2-core CI machine a test that types into a form passed 20 s,
    // and a test's first render imports its lazy pages.
    testTimeout: 90_000,
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { srcAlias } from './src-alias.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: [srcAlias] },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A test's first render imports its lazy pages; on a loaded 2-core CI machine that alone can pass 5 s
    // (routes.test.tsx waits up to 10 s for a navigation to settle).
    testTimeout: 20_000,
  },
});

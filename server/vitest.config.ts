import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates once per run; each test file's database is a copy (test/helpers/test-database.ts).
    globalSetup: ['./test/global-setup.ts'],
    // Ceilings, not expectations: a test that passes in a second on a quiet machine may take many under load.
    testTimeout: 90_000,
    // A file's beforeAll builds apps and companies (argon2, SRP verifiers): seconds on a quiet machine, a
    // minute and more when two test files share two loaded cores.
    hookTimeout: 180_000,
  },
});

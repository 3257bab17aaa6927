import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverProject = (name: string, db: string) => ({
  extends: './server/vitest.config.ts',
  root: './server',
  test: { name, env: { TEST_DB: db } },
});

// One run for every workspace. Server tests run on a fresh PGlite per test file, and again on a
// PostgreSQL server when TEST_DATABASE_URL is set (.ci/run starts a throwaway one).
export default defineConfig({
  test: {
    // A test file per core: Vitest's default leaves one core to its main process, which mostly waits
    // (on a 2-core machine that is one file at a time).
    maxWorkers: availableParallelism(),
    projects: [
      'contracts',
      'web',
      serverProject('server:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', 'postgres')] : []),
    ],
  },
});

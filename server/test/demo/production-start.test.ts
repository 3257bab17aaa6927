import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../faults/server-process.ts';

/**
 * Issue 28 item 1: demo data is a leaf nothing imports at run time. A real production process (`src/main.ts`)
 * starts, serves /readyz and stops without resolving a module of demo/ or @faker-js/faker, the demo
 * seeder's library; main.ts imports demo/demo-mode.ts only in MODE=demo.
 */
describe('the production start path', () => {
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('loads neither demo/ nor @faker-js/faker', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'production-start-'));
    const logFile = path.join(dataDir, 'modules.log');
    const recorder = pathToFileURL(path.join(import.meta.dirname, 'record-modules.mjs')).href;
    server = await startServer({
      DATA_DIR: dataDir,
      NODE_OPTIONS: `--import=${recorder}`,
      MODULE_LOG_FILE: logFile,
    });
    await server.stop();
    const modules = (await readFile(logFile, 'utf8')).split('\n').filter(Boolean);

    // The recorder saw the start path (else the assertions below would pass on an empty list).
    expect(modules).toContainEqual(expect.stringMatching(/\/server\/src\/main\.ts$/));
    expect(modules).toContainEqual(expect.stringMatching(/\/server\/src\/app\.ts$/));
    expect(modules.filter((url) => /\/server\/src\/demo\/|@faker-js\/faker/.test(url))).toEqual([]);
  }, 240_000);
});

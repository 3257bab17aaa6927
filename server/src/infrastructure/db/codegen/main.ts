import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DiffChecker } from 'kysely-codegen';
import { openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { formatWithBiome } from './format-with-biome.ts';
import { GENERATED_TABLES_FILE, generateTableTypes } from './generate-table-types.ts';

/**
 * `npm run db:types`: migrates a fresh in-memory PGlite and writes the Kysely table types to
 * generated-tables.ts. With --check (`npm run check:db-types`, part of `npm test`) it writes nothing and
 * fails when the checked-in file differs from what the migrations produce.
 */

const serverRoot = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
const outFile = path.join(serverRoot, GENERATED_TABLES_FILE);
const shownPath = path.join('server', GENERATED_TABLES_FILE);

const database = await openDatabase({ kind: 'pglite' });
let generated: string;
try {
  await migrateToLatest(database.db);
  // Formatted, so the file passes `npm run lint` and reads like the rest.
  generated = formatWithBiome(await generateTableTypes(database.db), outFile);
} finally {
  await database.close();
}

if (!process.argv.includes('--check')) {
  writeFileSync(outFile, generated);
  console.info(`Wrote ${shownPath}`);
} else {
  const checkedIn = readFileSync(outFile, 'utf8');
  if (checkedIn === generated) {
    console.info(`${shownPath} matches the migrations.`);
  } else {
    console.error(new DiffChecker().diff(checkedIn, generated));
    console.error(
      `${shownPath} is out of date with server/src/infrastructure/db/migrations (above: checked in → generated).\n` +
        'Run `npm run db:types` and commit the result.',
    );
    process.exitCode = 1;
  }
}

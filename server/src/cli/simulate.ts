import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_KEYS_FILE_NAME, readKeysFile } from '../simulator/keys-file.ts';
import { startSimulator } from '../simulator/run.ts';

const USAGE = `npm run simulate -- [--rate 100] [--duration SECONDS] [--url http://localhost:8080]
                     [--keys DATA_DIR/demo-ingest-keys.json] [--seed 1] [--debounce SECONDS]
                     [--batch 500] [--concurrency 4] [--scenarios-per-minute N]`;

const positive = (name: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};

/**
 * `npm run simulate`: drives the ingest API of a running portal with the demo's platform keys (issue 14
 * item 12). Prints a summary line every 5 s; Ctrl-C ends the run after the batches in flight are answered.
 */
async function main(): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        rate: { type: 'string' },
        duration: { type: 'string' },
        url: { type: 'string' },
        keys: { type: 'string' },
        seed: { type: 'string' },
        debounce: { type: 'string' },
        batch: { type: 'string' },
        concurrency: { type: 'string' },
        'scenarios-per-minute': { type: 'string' },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  // Relative paths count from where npm was run (the repository for `npm run simulate`), as DATA_DIR does.
  const base = process.env.INIT_CWD ?? process.cwd();
  const keysFile = path.resolve(
    base,
    values.keys ?? path.join(process.env.DATA_DIR || './data', DEMO_KEYS_FILE_NAME),
  );
  let options: Parameters<typeof startSimulator>[0];
  try {
    const duration = values.duration === undefined ? undefined : positive('duration', values.duration, 0);
    const perMinute = values['scenarios-per-minute'];
    options = {
      url: (values.url ?? `http://localhost:${process.env.PORT || 8080}`).replace(/\/$/, ''),
      keys: await readKeysFile(keysFile),
      rate: positive('rate', values.rate, 100),
      ...(duration === undefined ? {} : { durationSeconds: duration }),
      seed: Math.trunc(positive('seed', values.seed, 1)),
      debounceSeconds: positive(
        'debounce',
        values.debounce ?? (process.env.INCIDENT_DEBOUNCE_SECONDS || undefined),
        600,
      ),
      batchSize: Math.min(1000, Math.trunc(positive('batch', values.batch, 500))),
      concurrency: Math.trunc(positive('concurrency', values.concurrency, 4)),
      ...(perMinute === undefined
        ? {}
        : { scenariosPerMinute: positive('scenarios-per-minute', perMinute, 0) }),
      log: (line) => console.info(line),
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }

  const simulator = await startSimulator(options);
  console.info(
    `simulating ${Object.entries(simulator.devices)
      .map(([platform, n]) => `${n} ${platform} devices`)
      .join(
        ' and ',
      )} at ${options.rate} reports/s against ${options.url} (seed ${options.seed}, debounce ${options.debounceSeconds} s)`,
  );
  process.once('SIGINT', () => {
    console.info(
      'stopping: sending what is due, waiting for the batches in flight (Ctrl-C again to quit now)',
    );
    process.once('SIGINT', () => process.exit(130));
    void simulator.stop();
  });
  process.once('SIGTERM', () => void simulator.stop());
  const totals = await simulator.done;
  return totals.lost > 0 ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}

import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../infrastructure/config/config.ts';
import { DEMO_KEYS_FILE_NAME, readKeysFile } from '../simulator/keys-file.ts';
import { type Simulator, startSimulator } from '../simulator/run.ts';

/** The demo's simulator: gentle, so a new user sees the portal move without a flood of incidents. */
const DEMO_RATE = 5;
const DEMO_SCENARIOS_PER_MINUTE = 6;

/**
 * SIMULATE=true (demo mode only): after listen, a simulator drives this server's own ingest API over HTTP
 * with the demo ingest keys, a few reports a second, its outages sized to INCIDENT_DEBOUNCE_SECONDS. Call
 * before listen (it stops the simulator when the server closes), then `start()` after. A simulator that
 * cannot start is logged; the portal runs on without it.
 */
export function demoSimulator(app: FastifyInstance, config: Config): { start(): Promise<void> } {
  let simulator: Simulator | undefined;
  app.addHook('preClose', async () => {
    // The server refuses new requests (503) from here on: send nothing more, retry nothing.
    await simulator?.stop({ drop: true });
  });
  return {
    start: async () => {
      try {
        simulator = await start(app, config);
      } catch (error) {
        app.log.error({ err: error }, 'the simulator (SIMULATE=true) could not start');
      }
    },
  };
}

async function start(app: FastifyInstance, config: Config): Promise<Simulator> {
  const address = app.server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  const seed = 1 + Math.floor(Math.random() * 1_000_000);
  const simulator = await startSimulator({
    url: `http://${host}:${address.port}`,
    keys: await readKeysFile(path.join(config.DATA_DIR, DEMO_KEYS_FILE_NAME)),
    rate: DEMO_RATE,
    seed,
    debounceSeconds: config.INCIDENT_DEBOUNCE_SECONDS,
    scenariosPerMinute: DEMO_SCENARIOS_PER_MINUTE,
    batchSize: 100,
    concurrency: 1,
    summaryEverySeconds: 60,
    log: (line) => app.log.info(line),
  });
  app.log.info(
    `simulator (SIMULATE=true): ${Object.entries(simulator.devices)
      .map(([platform, n]) => `${n} ${platform} devices`)
      .join(
        ', ',
      )}, ${DEMO_RATE} reports/s, seed ${seed}, outages sized to a ${config.INCIDENT_DEBOUNCE_SECONDS} s debounce`,
  );
  return simulator;
}

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../infrastructure/config/config.ts';
import type { DB } from '../infrastructure/db/types.ts';
import { demoExposureWarning } from './exposure-warning.ts';
import { prepareDemo } from './prepare.ts';
import { demoSimulator } from './simulator.ts';

/**
 * What MODE=demo adds to the process: demo data seeded into an empty database, the simulator (SIMULATE=true,
 * refused in production) and the warning when the demo listens beyond this machine. main.ts imports this
 * module only in MODE=demo, so a production process never loads demo data or @faker-js/faker.
 */
export async function startDemoMode(options: {
  app: FastifyInstance;
  config: Config;
  db: Kysely<DB>;
}): Promise<{ afterListen(): Promise<void> }> {
  const { app, config, db } = options;
  await prepareDemo({ config, db, log: app.log });
  const simulator = config.SIMULATE ? demoSimulator(app, config) : undefined;
  return {
    afterListen: async () => {
      const exposure = demoExposureWarning(config);
      if (exposure) app.log.warn(exposure);
      await simulator?.start();
    },
  };
}

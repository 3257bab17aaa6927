import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/types.ts';

/** In MODE=demo: fill an empty database with demo data and print the demo accounts. */
export async function prepareDemo(_options: {
  config: Config;
  db: Kysely<DB>;
  log: FastifyBaseLogger;
}): Promise<void> {
  // The generator arrives with the domain schema.
}

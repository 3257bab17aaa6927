/** The whole database, as Kysely sees it: generated from the migrations by `npm run db:types`. */
export type { DB } from './generated-tables.ts';

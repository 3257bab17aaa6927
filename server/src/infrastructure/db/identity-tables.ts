import type { Selectable } from 'kysely';
import type { DB } from './generated-tables.ts';

export type { JsonWebKeyRecord } from './json-columns.ts';

/** A user of the embedded pool. The domain's users table references `sub`, never the other way. */
export type PoolUser = Selectable<DB['identity_users']>;

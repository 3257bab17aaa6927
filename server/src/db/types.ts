import type { DomainTables } from './domain-tables.ts';
import type { IdentityTables } from './identity-tables.ts';

/** The whole database, as Kysely sees it. */
export interface DB extends DomainTables, IdentityTables {}

/** Row types of the reseller domain (SPEC §3). Filled in by the domain schema migration. */
// biome-ignore lint/complexity/noBannedTypes: filled in with the schema
export type DomainTables = {};

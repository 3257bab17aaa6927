/** Row types of the embedded user pool. Filled in by the identity migration. */
// biome-ignore lint/complexity/noBannedTypes: filled in with the schema
export type IdentityTables = {};

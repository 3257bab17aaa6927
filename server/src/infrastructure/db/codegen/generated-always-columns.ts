import { type Kysely, sql } from 'kysely';

/**
 * `table.column` of the public schema's columns the database always fills itself (identity columns
 * `generated always`, stored generated columns): Kysely must not let a query write them.
 */
export async function generatedAlwaysColumns<T>(db: Kysely<T>): Promise<Set<string>> {
  const { rows } = await sql<{ column: string }>`
    select c.relname || '.' || a.attname as column
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and a.attnum > 0 and not a.attisdropped
      and (a.attidentity = 'a' or a.attgenerated = 's')`.execute(db);
  return new Set(rows.map((row) => row.column));
}

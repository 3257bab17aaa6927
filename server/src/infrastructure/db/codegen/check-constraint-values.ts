import { type Kysely, sql } from 'kysely';

/** `table.column` → the values a one-column check constraint allows. */
export type AllowedValues = Map<string, string[]>;

// What PostgreSQL prints for `column in ('a', 'b')` and `column <@ array['a', 'b']` (text[]).
const ALLOWED_VALUES = /^CHECK \(\((\w+) (?:= ANY \(ARRAY\[(.*)\]\)|<@ ARRAY\[(.*)\])\)\)$/;
const TEXT_LITERAL = /^'((?:[^']|'')*)'::text$/;

/**
 * The value lists of the public schema's one-column check constraints, so the generated types say
 * `'first' | 'second'` where the database allows only those. Other checks (ranges, patterns,
 * several columns) say nothing about a column's type and are skipped.
 */
export async function checkConstraintValues<T>(db: Kysely<T>): Promise<AllowedValues> {
  const { rows } = await sql<{ table: string; definition: string }>`
    select c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'c' and n.nspname = 'public' and cardinality(c.conkey) = 1
    order by c.conrelid::regclass::text, c.conname`.execute(db);
  const allowed: AllowedValues = new Map();
  for (const { table, definition } of rows) {
    const match = ALLOWED_VALUES.exec(definition);
    if (!match) continue;
    const literals = (match[2] ?? match[3]!).split(', ').map((item) => TEXT_LITERAL.exec(item));
    if (literals.some((literal) => !literal)) continue;
    allowed.set(
      `${table}.${match[1]}`,
      literals.map((literal) => literal![1]!.replaceAll("''", "'")),
    );
  }
  return allowed;
}

import type pg from 'pg';

/**
 * Parameterised statements get a name, so each pooled connection parses and plans a statement once and then
 * only binds and executes it (pg's named prepared statements; postgres.js does the same by default). Kysely
 * sends `query(text, values)`; planning the caller's one joined statement on every call cost PostgreSQL about
 * as much as running it. Statements without parameters (migrations, several commands in one text) stay
 * unnamed, and the number of names is bounded so generated texts (long IN lists, batched inserts) cannot
 * fill a connection's memory.
 */
const MAX_NAMED_STATEMENTS = 1_000;
const MAX_NAMED_TEXT_LENGTH = 8_000;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED_STATEMENTS || text.length > MAX_NAMED_TEXT_LENGTH) return undefined;
  const name = `portal_${names.size}`;
  names.set(text, name);
  return name;
}

export function nameStatementsOf(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values) && values.length > 0) {
      const name = nameOf(text);
      if (name !== undefined) return query({ name, text, values });
    }
    return query(...args);
  }) as typeof client.query;
}

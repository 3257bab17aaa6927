/** One keyset page as the user-portal and monitoring services return it (SPEC §7). */
export interface CursorPage<T> {
  items: T[];
  next_cursor: string | null;
}

/** Guards against a server that keeps answering with a cursor: far above any real customer. */
const MAX_PAGES = 1_000;

/**
 * SPEC §7: sites and their status are loaded by following the cursor until it is empty.
 * A failing page fails the whole load (a partial site list would silently hide sites).
 */
export async function followCursor<T>(
  fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    if (!result.next_cursor) return items;
    cursor = result.next_cursor;
  }
  throw new Error('Too many pages');
}

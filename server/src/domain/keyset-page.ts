/** One page of a list read in keyset order: `next_cursor` continues after its last item, null on the last page. */
export interface KeysetPage<Item> {
  items: Item[];
  next_cursor: string | null;
}

/**
 * The page of rows read with `limit + 1`: the extra row only tells that a next page exists, and the cursor
 * continues after the page's last row.
 */
export function keysetPage<Row, Item>(
  rows: readonly Row[],
  limit: number,
  toItem: (row: Row) => Item,
  cursorAfter: (last: Row) => string,
): KeysetPage<Item> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    next_cursor: rows.length > limit && last ? cursorAfter(last) : null,
  };
}

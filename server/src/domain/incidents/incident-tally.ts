/** Incidents a pass opened (reopened included) and resolved, by category: what metrics count (issue 26). */
export interface IncidentTally {
  opened: Record<string, number>;
  resolved: Record<string, number>;
}

/** Whether the pass opened or resolved anything. */
export const changedIncidents = (tally: IncidentTally) =>
  Object.keys(tally.opened).length > 0 || Object.keys(tally.resolved).length > 0;

export const emptyTally = (): IncidentTally => ({ opened: {}, resolved: {} });

/** Counts rows by their `category` into `into` (added to what it holds). */
export function countByCategory(rows: readonly { category: string }[], into: Record<string, number>): void {
  for (const row of rows) into[row.category] = (into[row.category] ?? 0) + 1;
}

/** Adds `more` into `tally`. */
export function addTally(tally: IncidentTally, more: IncidentTally): void {
  for (const [category, count] of Object.entries(more.opened))
    tally.opened[category] = (tally.opened[category] ?? 0) + count;
  for (const [category, count] of Object.entries(more.resolved))
    tally.resolved[category] = (tally.resolved[category] ?? 0) + count;
}

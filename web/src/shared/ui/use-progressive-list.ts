import { startTransition, useDeferredValue, useEffect, useState } from 'react';

/**
 * How many rows the first paint of a list shows (a phone's screen holds four or five cards), and how many
 * each later step adds: a step's commit stays short on a phone's CPU.
 */
export const FIRST_ROWS = 8;
const STEP_ROWS = 8;

/**
 * A long list's rows for rendering, in steps a phone's CPU takes without freezing (issue 24: total blocking
 * time). New data renders in the background (a deferred value: React renders it in slices between the
 * browser's work, and keeps the old rows on screen meanwhile); the first FIRST_ROWS rows come first, and each
 * commit lets the next STEP_ROWS in, as transitions, so no single commit inserts fifty cards at once.
 * The count only grows: a refetch or a filter change never shrinks what the user has already scrolled to.
 */
export function useProgressiveList<T>(items: readonly T[]): readonly T[] {
  const deferred = useDeferredValue(items);
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (limit >= deferred.length) return;
    startTransition(() => setLimit((current) => current + STEP_ROWS));
  }, [limit, deferred.length]);
  return deferred.length > limit ? deferred.slice(0, limit) : deferred;
}

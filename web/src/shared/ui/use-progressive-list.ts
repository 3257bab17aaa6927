import {
  type RefCallback,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
} from 'react';

/**
 * How many rows the first paint of a list shows (a phone's screen holds four or five cards), and how many
 * each later step adds: a step's commit stays short on a phone's CPU.
 */
export const FIRST_ROWS = 8;
const STEP_ROWS = 8;
/** How far below the screen the list is drawn ahead of the reader's scrolling. */
const AHEAD = '0px 0px 800px 0px';

/**
 * A long list's rows for rendering, as far as the reader can see (issue 24: a phone drew fifty cards it did
 * not show, 2,000 elements on /incidents). New data renders in the background (a deferred value: React
 * renders it in slices between the browser's work, and keeps the old rows on screen meanwhile). The first
 * FIRST_ROWS rows come first; then, while the element given `endRef` (placed right after the list) is on the
 * screen or less than AHEAD below it, the next STEP_ROWS, as a transition, one step per report of the
 * browser's IntersectionObserver, so no single commit inserts fifty cards. The count only grows: a refetch or
 * a filter change never shrinks what the user has already scrolled to. Without IntersectionObserver the
 * steps go on to the end.
 */
export function useProgressiveList<T>(items: readonly T[]): {
  shown: readonly T[];
  endRef: RefCallback<Element>;
} {
  const deferred = useDeferredValue(items);
  const [limit, setLimit] = useState(FIRST_ROWS);
  const length = useRef(deferred.length);
  length.current = deferred.length;
  const end = useRef<{ node: Element; observer: IntersectionObserver } | null>(null);
  /** A step asked for and not yet committed: another report meanwhile (they come in twos) adds nothing. */
  const stepping = useRef(false);
  const observing = typeof IntersectionObserver !== 'undefined';

  const endRef = useCallback((node: Element | null) => {
    end.current?.observer.disconnect();
    end.current = null;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (stepping.current || !entries.some((entry) => entry.isIntersecting)) return;
        stepping.current = true;
        startTransition(() =>
          setLimit((current) => (current < length.current ? current + STEP_ROWS : current)),
        );
      },
      { rootMargin: AHEAD },
    );
    observer.observe(node);
    end.current = { node, observer };
  }, []);

  useEffect(() => {
    stepping.current = false;
    if (limit >= deferred.length) return;
    if (!observing) {
      startTransition(() => setLimit((current) => current + STEP_ROWS));
      return;
    }
    // Observed anew, the end reports where it is now, after this step's layout: another step if still near.
    const current = end.current;
    if (!current) return;
    current.observer.unobserve(current.node);
    current.observer.observe(current.node);
  }, [limit, deferred.length, observing]);

  return { shown: deferred.length > limit ? deferred.slice(0, limit) : deferred, endRef };
}

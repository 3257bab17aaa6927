import { startTransition, useLayoutEffect, useRef, useState } from 'react';

/**
 * Where a list virtualised against the window's scroll sits: its distance from the top of the page (the
 * virtualiser's scroll margin) and, with `columnsAt`, how many columns its width holds. Re-measured when the
 * page's layout or the list's width changes.
 *
 * A change of columns changes what the first paint shows, so it applies at once. The offset only changes
 * which rows are rendered beyond the screen's edges: it applies as a transition. Set at once from a layout
 * effect, it re-rendered the list synchronously inside the commit, and React first ran every pending effect
 * of the page there too (~50 ms of a phone's CPU on the device tab).
 *
 * Only the columns are measured as the list mounts, a read that lays the page out inside React's commit.
 * Without columns, the observer's first report, after the browser's own layout, gives the offset.
 */
export function useListPlacement<T extends HTMLElement = HTMLDivElement>(
  columnsAt?: (width: number) => number,
) {
  const ref = useRef<T>(null);
  const [columns, setColumns] = useState(1);
  const [offsetTop, setOffsetTop] = useState(0);
  const columnsOf = useRef(columnsAt);
  columnsOf.current = columnsAt;
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (columnsOf.current) setColumns(columnsOf.current(element.clientWidth));
      const top = element.getBoundingClientRect().top + window.scrollY;
      startTransition(() => setOffsetTop(top));
    };
    if (columnsOf.current) measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, columns, offsetTop };
}

import { useLayoutEffect, useRef, useState } from 'react';

export interface ListPlacement {
  /** The list's inner width. */
  width: number;
  /** The list's distance from the top of the page: a window-virtualised list's scroll margin. */
  offsetTop: number;
}

/**
 * Where a list virtualised against the window's scroll sits on the page, re-measured when the page's layout
 * or the list's width changes. A measurement that finds the same place changes no state, so it re-renders
 * nothing (the list's own rows resize the page on every measurement).
 */
export function useListPlacement<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  const [placement, setPlacement] = useState<ListPlacement>({ width: 0, offsetTop: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const offsetTop = element.getBoundingClientRect().top + window.scrollY;
      setPlacement((last) =>
        last.width === width && last.offsetTop === offsetTop ? last : { width, offsetTop },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, ...placement };
}

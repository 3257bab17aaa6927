import type { Virtualizer } from '@tanstack/react-virtual';

/**
 * Where a row of a list virtualised against the window's scroll stands: laid over the list (which is as tall as
 * all its rows), moved down to its own start, less the list's distance from the top of the page.
 */
export function windowRowPosition(virtualizer: Virtualizer<Window, Element>, start: number) {
  return {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    transform: `translateY(${start - virtualizer.options.scrollMargin}px)`,
  } as const;
}

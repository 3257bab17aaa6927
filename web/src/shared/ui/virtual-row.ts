import type { SxProps, Theme } from '@mui/material/styles';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useCallback } from 'react';

/**
 * Where a virtualised list's row sits: at the top of its list, moved down by an inline `transform`. The
 * offset stays out of `sx`: every distinct `sx` value is a new CSS rule, and a list of rows at distinct
 * offsets, moving on every scroll, would add rules without end and restyle the page for each.
 */
export const VIRTUAL_ROW = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
} as const satisfies SxProps<Theme>;

/**
 * For a list virtualised against the window's scroll:
 * - the virtualiser itself moves each row to its place (an inline `transform`) and sizes the list (its
 *   `containerRef`), so a row measured after it renders, or a scroll that stays within the rendered rows,
 *   re-renders nothing; React re-renders the list only when the range of rows shown changes;
 * - it starts from the window's size: the first render already holds the rows on screen. From a size of
 *   nothing it rendered no row, measured the window after the commit and rendered every visible row again,
 *   synchronously, inside that commit (~80 ms of a phone's CPU for the customer cards).
 */
export function windowListOptions() {
  return {
    directDomUpdates: true,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  } as const;
}

/**
 * The virtualiser's measuring ref, measuring once React's commit is over (a microtask: still before the
 * paint). Measured inside the commit, the rows' first sizes re-rendered the list synchronously there, and
 * React ran every pending effect of the page first: one long task instead of three short ones.
 */
export function useMeasureAfterCommit(virtualizer: Virtualizer<Window, Element>) {
  return useCallback(
    (element: HTMLElement | null) => {
      if (element) queueMicrotask(() => virtualizer.measureElement(element));
      else virtualizer.measureElement(null);
    },
    [virtualizer],
  );
}

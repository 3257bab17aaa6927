import type { SxProps, Theme } from '@mui/material/styles';
import type { Virtualizer } from '@tanstack/react-virtual';
import { useState } from 'react';

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
 * A row's size as the virtualiser's ResizeObserver reports it, after the browser's own layout. Asked outside
 * an observer's entry (when a row mounts), it answers what it already knows, the row's last size or the
 * estimate, without reading layout: read there, each new row forced a layout of the whole page inside the
 * task that rendered it, and each size it changed dirtied the layout for the next row's read (60 ms at 1× of
 * the device tab's load on session 18's machine, bench/main-thread.ts). The observer reports every new row once, in one
 * batch, after the layout and before the paint, so the first paint still shows the measured rows.
 */
function sizeAfterLayout(
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<Window, Element>,
) {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index)
  );
}

/**
 * For a list virtualised against the window's scroll, the virtualiser's options that do not change, taken
 * once as the list mounts:
 * - the virtualiser itself moves each row to its place (an inline `transform`) and sizes the list (its
 *   `containerRef`), so a row measured after it renders, or a scroll that stays within the rendered rows,
 *   re-renders nothing; React re-renders the list only when the range of rows shown changes;
 * - it starts from the window's size: the first render already holds the rows on screen. From a size of
 *   nothing it rendered no row, measured the window after the commit and rendered every visible row again,
 *   synchronously, inside that commit (~80 ms of a phone's CPU for the customer cards). The size is read
 *   once: `window.innerWidth` lays out a page whose layout is dirty, and read at every render it forced a
 *   layout in each of the device tab's renders;
 * - rows are measured from the ResizeObserver only (`sizeAfterLayout`): give each row
 *   `virtualizer.measureElement` as its ref.
 */
export function useWindowListOptions() {
  const [options] = useState(
    () =>
      ({
        directDomUpdates: true,
        initialRect: { width: window.innerWidth, height: window.innerHeight },
        measureElement: sizeAfterLayout,
      }) as const,
  );
  return options;
}

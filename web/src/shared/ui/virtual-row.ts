import type { SxProps, Theme } from '@mui/material/styles';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { CSSProperties } from 'react';

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
 * The inline style that moves a row of a list virtualised against the window's scroll to its own start, less
 * the list's distance from the top of the page.
 */
export function windowRowStyle(virtualizer: Virtualizer<Window, Element>, start: number): CSSProperties {
  return { transform: `translateY(${start - virtualizer.options.scrollMargin}px)` };
}

import type { SxProps, Theme } from '@mui/material/styles';

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
 * For a list virtualised against the window's scroll: the virtualiser itself moves each row to its place
 * (an inline `transform`) and sizes the list (its `containerRef`), so a row measured after it renders, or a
 * scroll that stays within the rendered rows, re-renders nothing. React re-renders the list only when the
 * range of rows shown changes.
 */
export const WINDOW_LIST_OPTIONS = { directDomUpdates: true } as const;

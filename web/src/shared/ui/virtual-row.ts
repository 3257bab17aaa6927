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

import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { type NavState, navWidthOf } from './nav-width.ts';

/**
 * LG and up: a permanent navigation that starts as the rail (SPEC §2) and can be dragged or toggled.
 * Below LG: a temporary drawer over the content, opened from the header.
 */
export function useNavState() {
  const theme = useTheme();
  const permanent = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [state, setState] = useState<NavState>('rail');
  const [dragWidth, setDragWidth] = useState<number | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  return {
    permanent,
    state,
    /** The width the permanent navigation occupies right now (follows the pointer while dragging). */
    width: dragWidth ?? navWidthOf(state),
    dragging: dragWidth !== null,
    drawerOpen,
    drag: setDragWidth,
    settle: (next: NavState) => {
      setDragWidth(null);
      setState(next);
    },
    toggle: () => {
      if (permanent) setState((current) => (current === 'rail' ? 'full' : 'rail'));
      else setDrawerOpen((open) => !open);
    },
    closeDrawer: () => setDrawerOpen(false),
  };
}

export type NavStateApi = ReturnType<typeof useNavState>;

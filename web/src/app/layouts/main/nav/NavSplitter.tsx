import Box from '@mui/material/Box';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HEADER_HEIGHT } from '@/shared/theme/theme.ts';
import { clampNavWidth, NAV_WIDTH_FULL, NAV_WIDTH_RAIL, type NavState, snapNavWidth } from './nav-width.ts';

interface NavSplitterProps {
  width: number;
  onDrag: (width: number) => void;
  onSettle: (state: NavState) => void;
}

/**
 * The draggable edge of the permanent navigation. The navigation starts at the window's left edge, so the
 * pointer's x is the width. Keyboard: arrows or Enter switch between rail and full.
 */
export function NavSplitter({ width, onDrag, onSettle }: NavSplitterProps) {
  const { t } = useTranslation();
  const dragged = useRef<number | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    dragged.current = width;
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (dragged.current === null) return;
    dragged.current = clampNavWidth(event.clientX);
    onDrag(dragged.current);
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (dragged.current === null) return;
    event.currentTarget.releasePointerCapture(event.pointerId);
    onSettle(snapNavWidth(dragged.current));
    dragged.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const next =
      event.key === 'ArrowLeft'
        ? 'rail'
        : event.key === 'ArrowRight'
          ? 'full'
          : event.key === 'Enter'
            ? snapNavWidth(width) === 'rail'
              ? 'full'
              : 'rail'
            : null;
    if (!next) return;
    event.preventDefault();
    onSettle(next);
  };

  return (
    <Box
      role="separator"
      tabIndex={0}
      aria-label={t('nav.resize')}
      aria-orientation="vertical"
      aria-valuemin={NAV_WIDTH_RAIL}
      aria-valuemax={NAV_WIDTH_FULL}
      aria-valuenow={width}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
      sx={(theme) => ({
        position: 'fixed',
        top: HEADER_HEIGHT,
        bottom: 0,
        left: width - 4,
        width: 8,
        cursor: 'col-resize',
        zIndex: theme.zIndex.drawer + 1,
        touchAction: 'none',
        '&::after': {
          content: '""',
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: 3,
          width: 2,
          backgroundColor: 'transparent',
          transition: theme.transitions.create('background-color'),
        },
        '&:hover::after, &:focus-visible::after': { backgroundColor: theme.vars.palette.primary.main },
        '&:focus-visible': { outline: 'none' },
      })}
    />
  );
}

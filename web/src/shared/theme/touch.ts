import type { Components, Theme } from '@mui/material/styles';

/** WCAG 2.5.5's target size, and Apple's and Google's: what a finger hits reliably, in CSS px. */
export const TOUCH_TARGET = 44;

/**
 * Where a finger, not a mouse, does the tapping: a touch screen of any width, or a window as narrow as a
 * phone (below the `sm` breakpoint; a desktop window that narrow gets the phone's layout too). The desktop
 * with a mouse keeps MUI's denser controls.
 */
export const TOUCH_QUERY = '(pointer: coarse), (max-width: 599.95px)';
export const TOUCH_MEDIA = `@media ${TOUCH_QUERY}`;
/** The complement of TOUCH_QUERY: a mouse on a window wider than a phone. */
export const MOUSE_MEDIA = '@media (pointer: fine) and (min-width: 600px)';

const atLeastTarget = { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET } as const;

/**
 * Issue 24 point 8: every control at least 44 × 44 px under TOUCH_MEDIA, once for the whole app. Small
 * buttons, icon buttons, toggle buttons, menu items and list buttons grow to 44 px; checkboxes and radios get
 * 10 px padding around their 24 px icon; a switch's thumb sits in a 44 px hit area; text fields and selects
 * are 44 px tall; a label that toggles a control (FormControlLabel) is a 44 px row; a link is a 44 × 44 px
 * box (a link inside a sentence opts out with INLINE_LINK_SX: WCAG 2.5.8's inline exception).
 */
export const touchComponents: Components<Theme> = {
  MuiButton: { styleOverrides: { root: { [TOUCH_MEDIA]: atLeastTarget } } },
  MuiIconButton: { styleOverrides: { root: { [TOUCH_MEDIA]: atLeastTarget } } },
  MuiToggleButton: { styleOverrides: { root: { [TOUCH_MEDIA]: atLeastTarget } } },
  MuiFab: { styleOverrides: { root: { [TOUCH_MEDIA]: atLeastTarget } } },
  MuiMenuItem: { styleOverrides: { root: { [TOUCH_MEDIA]: { minHeight: TOUCH_TARGET } } } },
  MuiListItemButton: { styleOverrides: { root: { [TOUCH_MEDIA]: { minHeight: TOUCH_TARGET } } } },
  MuiTab: { styleOverrides: { root: { [TOUCH_MEDIA]: atLeastTarget } } },
  MuiChip: {
    styleOverrides: {
      clickable: { [TOUCH_MEDIA]: { minHeight: TOUCH_TARGET, borderRadius: TOUCH_TARGET / 2 } },
    },
  },
  MuiCheckbox: { styleOverrides: { root: { [TOUCH_MEDIA]: { padding: 10 } } } },
  MuiRadio: { styleOverrides: { root: { [TOUCH_MEDIA]: { padding: 10 } } } },
  MuiSwitch: {
    styleOverrides: {
      // MUI's 58 × 38 switch with a 38 px thumb area, widened around the same 34 × 14 track.
      root: { [TOUCH_MEDIA]: { width: 64, height: TOUCH_TARGET, padding: 15 } },
      switchBase: { [TOUCH_MEDIA]: { padding: 12 } },
    },
  },
  MuiFormControlLabel: { styleOverrides: { root: { [TOUCH_MEDIA]: { minHeight: TOUCH_TARGET } } } },
  MuiInputBase: { styleOverrides: { root: { [TOUCH_MEDIA]: { minHeight: TOUCH_TARGET } } } },
  MuiAutocomplete: {
    styleOverrides: {
      // The open and clear buttons grow to 44 px (MuiIconButton above): room for them beside the text.
      root: {
        [TOUCH_MEDIA]: {
          '&.MuiAutocomplete-hasPopupIcon .MuiOutlinedInput-root, &.MuiAutocomplete-hasClearIcon .MuiOutlinedInput-root':
            { paddingRight: TOUCH_TARGET + 9 },
          '&.MuiAutocomplete-hasPopupIcon.MuiAutocomplete-hasClearIcon .MuiOutlinedInput-root': {
            paddingRight: 2 * TOUCH_TARGET + 9,
          },
        },
      },
    },
  },
};

/** MuiLink's part of the above (the theme's MuiLink has a focus ring of its own to merge with). */
export const touchLink = {
  [TOUCH_MEDIA]: {
    display: 'inline-flex',
    alignItems: 'center',
    // Text starts where it would inline: a short number in its 44 px box lines up with the label above it.
    justifyContent: 'flex-start',
    ...atLeastTarget,
  },
} as const;

/** For a link inside a sentence: it stays a run of text (WCAG 2.5.8's inline exception). */
export const INLINE_LINK_SX = { [TOUCH_MEDIA]: { display: 'inline', minWidth: 0, minHeight: 0 } } as const;

/** A row of a label and a link: centred on each other where the link is a 44 px box, baseline elsewhere. */
export const CENTER_ON_TOUCH = { [TOUCH_MEDIA]: { alignItems: 'center' } } as const;

import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A table's box that scrolls sideways when the screen is narrower than the table. Focusable, and named by the
 * heading it sits under, so a keyboard user can scroll it too (WCAG 2.1.1; axe `scrollable-region-focusable`
 * found the dashboard's license inventory at 390 px unreachable without a mouse).
 */
export function ScrollRegion({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      tabIndex={0}
      aria-labelledby={labelledBy}
      sx={{
        overflowX: 'auto',
        borderRadius: 1,
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}

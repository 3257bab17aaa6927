import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A page's filters: a search landmark (named by `label`) whose fields stand on a grid, `columns` its
 * `gridTemplateColumns` per breakpoint; `sx` adds to it (e.g. fields that take a whole row on a phone).
 */
export function FiltersBar({
  label,
  columns,
  sx,
  children,
}: {
  label?: string;
  columns: Partial<Record<'xs' | 'sm' | 'md' | 'lg', string>>;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Box
      role="search"
      aria-label={label}
      sx={[
        { display: 'grid', gap: 1.5, alignItems: 'center', gridTemplateColumns: columns },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  );
}

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A label above its value; an empty value reads 'Not set'. */
export function InfoField({
  label,
  children,
  empty,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  empty: string;
  /** Spans both columns of the two-column grid. */
  wide?: boolean;
}) {
  const isEmpty = children === '' || children === null || children === undefined;
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? { sm: 'span 2' } : undefined }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body1"
        color={isEmpty ? 'text.disabled' : 'text.primary'}
        sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
      >
        {isEmpty ? empty : children}
      </Typography>
    </Box>
  );
}

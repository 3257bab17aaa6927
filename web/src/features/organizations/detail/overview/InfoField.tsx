import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A label above its value; an empty value reads 'Not set'. While the value loads, the label is already there
 * and a line of skeleton holds the value's place, so the card does not grow when it arrives.
 */
export function InfoField({
  label,
  children,
  empty,
  wide = false,
  loading = false,
}: {
  label: string;
  children: ReactNode;
  empty: string;
  /** Spans both columns of the two-column grid. */
  wide?: boolean;
  loading?: boolean;
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
        {loading ? <Skeleton width={wide ? '70%' : '60%'} /> : isEmpty ? empty : children}
      </Typography>
    </Box>
  );
}

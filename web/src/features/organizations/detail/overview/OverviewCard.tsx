import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A card of the customer's overview: its heading (with the card's action beside it, if any) over its content. */
export function OverviewCard({
  headingId,
  heading,
  action,
  busy = false,
  children,
}: {
  headingId: string;
  heading: string;
  action?: ReactNode;
  /** Its content is still loading (aria-busy): its skeleton has the loaded card's shape. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, height: '100%' }}
      component="section"
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem' }}>
          {heading}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** The fields of an overview card, as a description list: one column on a phone, two from `sm` up. */
export function InfoGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {children}
    </Box>
  );
}

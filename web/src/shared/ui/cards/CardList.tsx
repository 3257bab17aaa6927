import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A table's rows as cards, for a phone (issue 24 point 8: tables become cards at 390 px): a list named by
 * the heading above it, one outlined card per row.
 */
export function CardList({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
    >
      {children}
    </Box>
  );
}

/** One row of a CardList: its title (the row's header cell) above its figures. */
export function CardListItem({
  title,
  children,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export interface CardFigure {
  key: string;
  /** The column's header. */
  label: ReactNode;
  value: ReactNode;
}

/** A card's figures as a description list, `columns` to a row (the table's other cells with their headers). */
export function CardFigures({ figures, columns = 2 }: { figures: readonly CardFigure[]; columns?: number }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 1 }}
    >
      {figures.map((figure) => (
        <Box key={figure.key} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
            {figure.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

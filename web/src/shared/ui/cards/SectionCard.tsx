import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/**
 * An outlined section of a settings page (API keys, webhooks, notification rules): its heading, a line on what
 * it is for and, for who may, the button that adds one; then the section's own content.
 */
export function SectionCard({
  heading,
  intro,
  add,
  headerGapBelow = true,
  children,
}: {
  heading: string;
  intro: string;
  /** The "add" button, when the reader may add (omitted: no button). */
  add?: { label: string; onClick: () => void } | undefined;
  /** False when the content right below continues the header band (its own padding at the top). */
  headerGapBelow?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: { xs: 2, sm: 3 },
          pt: 2,
          pb: headerGapBelow ? 2 : 0,
          flexWrap: 'wrap',
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="h2">
            {heading}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {intro}
          </Typography>
        </Box>
        {add && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={add.onClick}>
            {add.label}
          </Button>
        )}
      </Box>
      {children}
    </Paper>
  );
}

import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PagePlaceholderProps {
  /** A heading for sections the layout does not title (tabs); page titles come from the route meta. */
  headingKey?: string;
  children?: ReactNode;
}

/** Stand-in body for a page whose feature arrives in a later issue. */
export function PagePlaceholder({ headingKey, children }: PagePlaceholderProps) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 } }}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <ConstructionOutlined color="primary" aria-hidden="true" />
        {headingKey && <Typography variant="h2">{t(headingKey)}</Typography>}
        <Typography color="text.secondary">{t('placeholder.comingSoon')}</Typography>
        {children}
      </Stack>
    </Paper>
  );
}

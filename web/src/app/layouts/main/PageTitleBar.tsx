import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ResolvedRouteMeta } from '../../router/route-meta.ts';
import { ViewModeToggle } from './ViewModeToggle.tsx';

export function PageTitleBar({ meta }: { meta: ResolvedRouteMeta }) {
  const { t } = useTranslation();
  const titleKey = meta.pageShowsTitle ? undefined : meta.titleKey;
  if (!titleKey && !meta.viewToggle) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, minHeight: 40, mb: 3 }}>
      {titleKey ? (
        <Typography variant="h1" sx={{ flexGrow: 1 }}>
          {t(titleKey)}
        </Typography>
      ) : (
        <Box sx={{ flexGrow: 1 }} />
      )}
      {meta.viewToggle && <ViewModeToggle />}
    </Box>
  );
}

import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionAlert } from '@/shared/ui/ActionAlert.tsx';

export type SourceStatus = 'pending' | 'error' | 'success';

interface DashboardCardProps {
  id: string;
  title: string;
  status: SourceStatus;
  onRetry: () => void;
  action?: ReactNode;
  /**
   * Height of the loading skeleton, per breakpoint where the content's height depends on the width: close
   * to the loaded content, so the cards below do not jump when it arrives (layout shift).
   */
  skeletonHeight?: number | { xs: number; sm?: number; md?: number; lg?: number };
  children?: ReactNode;
}

/** One dashboard card: a skeleton while its sources load, its own error when one of them fails. */
export function DashboardCard({
  id,
  title,
  status,
  onRetry,
  action,
  skeletonHeight = 220,
  children,
}: DashboardCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      component="section"
      variant="outlined"
      aria-labelledby={`${id}-title`}
      data-testid={id}
      sx={{ height: '100%' }}
    >
      <CardHeader
        title={title}
        slotProps={{ title: { id: `${id}-title`, variant: 'h2', component: 'h2' } }}
        action={status === 'success' ? action : undefined}
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {status === 'pending' && (
          <Stack spacing={1} aria-busy="true">
            <Skeleton variant="rounded" sx={{ height: skeletonHeight }} />
            <Skeleton variant="text" width="60%" />
          </Stack>
        )}
        {status === 'error' && (
          <ActionAlert severity="error" actionLabel={t('dashboard.retry')} onAction={onRetry}>
            {t('dashboard.error')}
          </ActionAlert>
        )}
        {status === 'success' && children}
      </CardContent>
    </Card>
  );
}

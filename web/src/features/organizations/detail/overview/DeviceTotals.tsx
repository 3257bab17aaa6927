import DnsOutlined from '@mui/icons-material/DnsOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationStatistics } from '../../api/get-organization-statistics.ts';
import { usePlatformStatistics } from '../../api/get-platform-statistics.ts';
import { useSites } from '../../api/get-sites.ts';

function Tile({
  icon,
  label,
  value,
  abnormal,
  countsAbnormal = false,
  partial = false,
}: {
  icon: ReactNode;
  label: string;
  value: number | undefined;
  abnormal?: number | undefined;
  /** Keeps a line for "N abnormal" from the start, so the tile does not grow when the count arrives. */
  countsAbnormal?: boolean;
  /** One platform could not be counted: the value holds only what the other returned. */
  partial?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-busy={value === undefined || undefined}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden="true">
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h2" component="p" sx={{ fontSize: '1.5rem' }}>
            {value === undefined ? <Skeleton width={48} /> : value.toLocaleString()}
          </Typography>
          {countsAbnormal && (
            <Typography variant="caption" color="warning.main" sx={{ display: 'block', minHeight: '1lh' }}>
              {abnormal !== undefined &&
                abnormal > 0 &&
                t('customers.overview.abnormalCount', { count: abnormal })}
            </Typography>
          )}
          {partial && value !== undefined && (
            <Typography variant="caption" color="error.main" sx={{ display: 'block' }}>
              {t('customers.overview.partialTotal')}
            </Typography>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}

const sum = (a: number | undefined, b: number | undefined) =>
  a === undefined && b === undefined ? undefined : (a ?? 0) + (b ?? 0);

/** Sites, and total cameras and servers of both platforms; a failing platform is counted as none and said so. */
export function DeviceTotals({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const sites = useSites(orgId);
  const first = useOrganizationStatistics(orgId);
  const second = usePlatformStatistics(orgId);
  const settled = !first.isPending && !second.isPending;
  const partial = first.isError || second.isError;
  const total = (pick: (s: { count: number; abnormalCount: number }) => number, kind: 'camera' | 'server') =>
    settled
      ? (sum(first.data && pick(first.data[kind]), second.data && pick(second.data[kind])) ?? 0)
      : undefined;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      <Tile icon={<PlaceOutlined />} label={t('customers.overview.sites')} value={sites.data?.length} />
      <Tile
        icon={<VideocamOutlined />}
        label={t('customers.overview.totalCameras')}
        value={total((s) => s.count, 'camera')}
        abnormal={total((s) => s.abnormalCount, 'camera')}
        countsAbnormal
        partial={partial}
      />
      <Tile
        icon={<DnsOutlined />}
        label={t('customers.overview.totalServers')}
        value={total((s) => s.count, 'server')}
        abnormal={total((s) => s.abnormalCount, 'server')}
        countsAbnormal
        partial={partial}
      />
    </Box>
  );
}

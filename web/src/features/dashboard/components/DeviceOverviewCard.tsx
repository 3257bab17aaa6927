import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DevicePlatform } from '@/shared/navigation/customer-links.ts';
import { type DeviceGroup, deviceOverview } from '../model/device-overview.ts';
import { useChartColors } from './chart-colors.ts';
import { DeviceGroupRow } from './DeviceGroupRow.tsx';
import { BarChart } from './lazy-charts.tsx';

function PlatformChart({ platform, groups }: { platform: DevicePlatform; groups: DeviceGroup[] }) {
  const { t } = useTranslation();
  const colors = useChartColors();
  return (
    <Box
      role="img"
      aria-label={t('dashboard.devices.chartLabel', { platform: t(`dashboard.platforms.${platform}`) })}
    >
      <BarChart
        layout="horizontal"
        height={56 + groups.length * 36}
        margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
        yAxis={[{ scaleType: 'band', data: groups.map((group) => t(group.total.labelKey)), width: 90 }]}
        xAxis={[{ tickMinStep: 1 }]}
        series={[
          {
            data: groups.map((group) => group.online.count),
            label: t('dashboard.devices.health.online'),
            stack: 'health',
            color: colors.success,
          },
          {
            data: groups.map((group) => group.offline.count),
            label: t('dashboard.devices.health.offline'),
            stack: 'health',
            color: colors.error,
          },
        ]}
      />
    </Box>
  );
}

/** Cameras, servers and IP speakers of each platform: online/offline, healthy/abnormal, statuses. */
export const DeviceOverview = memo(function DeviceOverview({
  statistics,
}: {
  statistics: CompanyStatistics;
}) {
  const { t } = useTranslation();
  const groups = deviceOverview(statistics.platforms);
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      {(['first', 'second'] as const).map((platform) => {
        const own = groups.filter((group) => group.platform === platform);
        return (
          <Box key={platform} data-testid={`devices-${platform}`} sx={{ minWidth: 0 }}>
            <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
              {t(`dashboard.platforms.${platform}`)}
            </Typography>
            <PlatformChart platform={platform} groups={own} />
            {own.map((group) => (
              <DeviceGroupRow key={group.kind} group={group} />
            ))}
          </Box>
        );
      })}
    </Box>
  );
});

import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/shared/i18n/use-number-format.ts';
import { customerListUrl } from '@/shared/navigation/customer-links.ts';
import { CountLink } from './CountLink.tsx';

interface Tile {
  labelKey: string;
  count: number;
  href?: string;
}

const TILE_SX = { p: 2, flex: '1 1 160px', minWidth: 0 } as const;

/**
 * The strip while the statistics load, tile for tile, so it takes the same height at every width (two rows
 * on a phone): a single 88 px placeholder made the whole page below jump when the numbers arrived.
 */
export function SummaryStripSkeleton() {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }} aria-busy="true">
      {[0, 1, 2, 3].map((tile) => (
        <Paper key={tile} variant="outlined" sx={TILE_SX}>
          <Typography variant="body2">
            <Skeleton width="60%" />
          </Typography>
          <Typography variant="h4">
            <Skeleton width="40%" />
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}

/** Customers, sites, active licenses and open incidents at a glance. */
export const SummaryStrip = memo(function SummaryStrip({ statistics }: { statistics: CompanyStatistics }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const licenses = statistics.cameraLicenses;
  const tiles: Tile[] = [
    {
      labelKey: 'dashboard.summary.customers',
      count: statistics.organizations.count,
      href: customerListUrl(),
    },
    // The customer list of each, adding up to the number (navigation/customer-links.ts).
    {
      labelKey: 'dashboard.summary.sites',
      count: statistics.sites.count,
      href: customerListUrl({ sites: 'all' }),
    },
    {
      labelKey: 'dashboard.summary.activeLicenses',
      count: licenses.std + licenses.cloudBackup + licenses.ipSpeaker,
      href: customerListUrl({ license: 'active' }),
    },
    {
      labelKey: 'dashboard.summary.openIncidents',
      count: statistics.incidents.open,
      href: customerListUrl({ incident: 'ALL' }),
    },
  ];
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2 }} data-testid="dashboard-summary">
      {tiles.map((tile) => (
        <Paper key={tile.labelKey} variant="outlined" sx={TILE_SX}>
          <Typography variant="body2" color="text.secondary">
            {t(tile.labelKey)}
          </Typography>
          {tile.href ? (
            <CountLink variant="h4" count={tile.count} href={tile.href} label={t(tile.labelKey)} />
          ) : (
            <Typography variant="h4" sx={{ fontWeight: 600 }} data-count={tile.count}>
              {format(tile.count)}
            </Typography>
          )}
        </Paper>
      ))}
    </Stack>
  );
});

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/shared/i18n/use-number-format.ts';
import { customerListUrl } from '@/shared/navigation/customer-links.ts';
import { CENTER_ON_TOUCH } from '@/shared/theme/touch.ts';
import type { IncidentCategory } from '../model/incidents.ts';
import { CountLink } from './CountLink.tsx';
import { useChartColors } from './chart-colors.ts';
import { PieChart } from './lazy-charts.tsx';

interface Props {
  categories: IncidentCategory[];
  /** Devices without a license: a license state, not an incident; named under License related. */
  unlicensedDevices: number;
}

/**
 * Open incidents by category (a donut) and by alert type (the list beside it, every count a link). Says
 * what it counts (one incident per device and condition), and names the devices without a license apart,
 * with the License maturity report's number, since those are no incident (issue 23).
 */
export const IncidentsOverview = memo(function IncidentsOverview({ categories, unlicensedDevices }: Props) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const colors = useChartColors();
  const palette = [colors.primary, colors.warning, colors.error, colors.secondary];
  const total = categories.reduce((sum, category) => sum + category.count, 0);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        alignItems: 'start',
      }}
    >
      <Box
        role="img"
        aria-label={t('dashboard.incidents.chartLabel')}
        sx={{ position: 'relative', justifySelf: 'center' }}
      >
        <PieChart
          width={180}
          height={180}
          hideLegend
          margin={0}
          series={[
            {
              innerRadius: 55,
              outerRadius: 85,
              paddingAngle: 1,
              data: categories.map((category, index) => ({
                id: category.category,
                value: category.count,
                label: t(category.labelKey),
                color: palette[index] ?? colors.muted,
              })),
            },
          ]}
        />
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeContent: 'center',
            textAlign: 'center',
            pointerEvents: 'none',
          }}
        >
          <Typography variant="h5" component="p" sx={{ fontWeight: 600, lineHeight: 1.1 }}>
            {format(total)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 90 }}>
            {t('dashboard.incidents.openLabel', { count: total })}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {categories.map((category, index) => (
          <Box key={category.category} data-testid={`incidents-${category.category}`}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Box
                aria-hidden="true"
                sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: palette[index], flex: 'none' }}
              />
              <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
                {t(category.labelKey)}
              </Typography>
              <CountLink
                variant="subtitle2"
                count={category.count}
                href={category.href}
                label={t(category.labelKey)}
                align="end"
              />
            </Stack>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {category.items.map((item) => (
                <Stack
                  component="li"
                  key={item.alertType}
                  direction="row"
                  sx={{ justifyContent: 'space-between', gap: 1, pl: 2.25, ...CENTER_ON_TOUCH }}
                >
                  <Typography variant="body2" color="text.secondary">
                    {t(item.labelKey)}
                  </Typography>
                  <CountLink count={item.count} href={item.href} label={t(item.labelKey)} align="end" />
                </Stack>
              ))}
            </Box>
            {category.category === 'LICENSE' && (
              <Stack
                direction="row"
                data-testid="incidents-unlicensed-devices"
                sx={{ justifyContent: 'space-between', gap: 1, pl: 2.25, mt: 0.5, ...CENTER_ON_TOUCH }}
              >
                <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                  {t('dashboard.incidents.unlicensedDevices')}
                </Typography>
                <CountLink
                  count={unlicensedDevices}
                  href={customerListUrl({ license: 'unlicensed' })}
                  label={t('dashboard.incidents.unlicensedDevices')}
                  align="end"
                />
              </Stack>
            )}
          </Box>
        ))}
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ gridColumn: '1 / -1' }}
          data-testid="incidents-counting"
        >
          {t('dashboard.incidents.counting')}
        </Typography>
      </Box>
    </Box>
  );
});

import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/shared/i18n/use-number-format.ts';
import { CardFigures, CardList, CardListItem } from '@/shared/ui/cards/CardList.tsx';
import { usePhoneLayout } from '@/shared/ui/cards/use-phone-layout.ts';
import { ScrollRegion } from '@/shared/ui/ScrollRegion.tsx';
import { catalogueName, catalogueShortName } from '../model/license-catalogue-name.ts';
import type { InventoryRow } from '../model/license-inventory.ts';
import { useChartColors } from './chart-colors.ts';
import { BarChart } from './lazy-charts.tsx';

/** The license catalogue with the quantities in stock, as a chart and a table (a card per license on a phone). */
export const LicenseInventoryTable = memo(function LicenseInventoryTable({ rows }: { rows: InventoryRow[] }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const colors = useChartColors();
  const phone = usePhoneLayout();
  if (rows.length === 0)
    return <Typography color="text.secondary">{t('dashboard.inventory.empty')}</Typography>;
  return (
    <>
      <Box role="img" aria-label={t('dashboard.inventory.chartLabel')}>
        <BarChart
          layout="horizontal"
          height={40 + rows.length * 30}
          hideLegend
          margin={{ left: 0, right: 16, top: 8, bottom: 0 }}
          yAxis={[
            {
              scaleType: 'band',
              data: rows.map((row) => catalogueShortName(t, row.name)),
              width: 170,
              tickLabelStyle: { fontSize: 11 },
            },
          ]}
          xAxis={[{ tickMinStep: 1 }]}
          series={[
            {
              data: rows.map((row) => row.quantity),
              label: t('dashboard.inventory.inStock'),
              color: colors.primary,
            },
          ]}
        />
      </Box>
      {phone ? (
        <CardList labelledBy="dashboard-inventory-title">
          {rows.map((row) => (
            <CardListItem key={row.id} testId={`inventory-${row.id}`} title={catalogueName(t, row.name)}>
              <CardFigures
                columns={3}
                figures={[
                  {
                    key: 'type',
                    label: t('dashboard.inventory.type'),
                    value: t(`dashboard.licenseTypes.${row.type}`),
                  },
                  {
                    key: 'duration',
                    label: t('dashboard.inventory.duration'),
                    value: t('dashboard.inventory.durationDays', { count: row.duration }),
                  },
                  { key: 'stock', label: t('dashboard.inventory.inStock'), value: format(row.quantity) },
                ]}
              />
            </CardListItem>
          ))}
        </CardList>
      ) : (
        <ScrollRegion labelledBy="dashboard-inventory-title">
          <Table size="small" aria-labelledby="dashboard-inventory-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.inventory.license')}</TableCell>
                <TableCell>{t('dashboard.inventory.type')}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t('dashboard.inventory.duration')}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {t('dashboard.inventory.inStock')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} data-testid={`inventory-${row.id}`}>
                  <TableCell>{catalogueName(t, row.name)}</TableCell>
                  <TableCell>{t(`dashboard.licenseTypes.${row.type}`)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {t('dashboard.inventory.durationDays', { count: row.duration })}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                    {format(row.quantity)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </>
  );
});

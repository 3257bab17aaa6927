import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CompanyStatistics } from '@portal/contracts/statistics';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { customerListUrl } from '@/shared/navigation/customer-links.ts';
import { CENTER_ON_TOUCH } from '@/shared/theme/touch.ts';
import { CardFigures, CardList, CardListItem } from '@/shared/ui/cards/CardList.tsx';
import { usePhoneLayout } from '@/shared/ui/cards/use-phone-layout.ts';
import { ScrollRegion } from '@/shared/ui/ScrollRegion.tsx';
import { licenseTypeLabel, MATURITY_COLUMNS, type MaturityRow } from '../model/license-maturity.ts';
import { CountLink } from './CountLink.tsx';
import { BarChart } from './lazy-charts.tsx';

interface Props {
  rows: MaturityRow[];
  unlicensed: CompanyStatistics['licenseMaturity']['unlicensed'];
}

/** A cell: the licenses and the customers holding them, each opening the filtered customer list. */
function MaturityCell({
  row,
  column,
  label,
}: {
  row: MaturityRow;
  column: (typeof MATURITY_COLUMNS)[number];
  label: string;
}) {
  const { t } = useTranslation();
  const columnLabel = t(`dashboard.maturity.columns.${column}`);
  return (
    <>
      <CountLink
        count={row.cells[column].licenses}
        href={row.cells[column].href}
        label={`${label} · ${columnLabel} · ${t('dashboard.maturity.licenseCount', { count: row.cells[column].licenses })}`}
        align="end"
      />
      {' / '}
      <CountLink
        count={row.cells[column].customers}
        href={row.cells[column].href}
        label={`${label} · ${columnLabel} · ${t('dashboard.maturity.customerCount', { count: row.cells[column].customers })}`}
      />
    </>
  );
}

/**
 * Licenses expired and expiring within 30/60/90 days by type, with the customers holding them: a table, or a
 * card per license type on a phone. Series colours come from the charts' own palette, which has a light and
 * a dark variant.
 */
export const LicenseMaturityReport = memo(function LicenseMaturityReport({ rows, unlicensed }: Props) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const columnLabel = (column: string) => t(`dashboard.maturity.columns.${column}`);
  return (
    <Stack spacing={2}>
      {rows.length > 0 && (
        <Box role="img" aria-label={t('dashboard.maturity.chartLabel')}>
          <BarChart
            height={200}
            margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
            xAxis={[
              {
                scaleType: 'band',
                data: [...MATURITY_COLUMNS],
                // Short on the axis, so all four fit at 390 px; in full in the tooltip.
                valueFormatter: (column: string, context) =>
                  context.location === 'tick' ? t(`dashboard.maturity.axis.${column}`) : columnLabel(column),
              },
            ]}
            yAxis={[{ tickMinStep: 1, width: 44 }]}
            series={rows.map((row) => ({
              data: MATURITY_COLUMNS.map((column) => row.cells[column].licenses),
              label: licenseTypeLabel(t, row.type, row.retention),
            }))}
          />
        </Box>
      )}
      {phone ? (
        rows.length === 0 ? (
          <Typography color="text.secondary">{t('dashboard.maturity.empty')}</Typography>
        ) : (
          <CardList labelledBy="dashboard-maturity-title">
            {rows.map((row) => {
              const label = licenseTypeLabel(t, row.type, row.retention);
              return (
                <CardListItem
                  key={`${row.type}-${row.retention ?? ''}`}
                  testId={`maturity-${row.type}-${row.retention ?? ''}`}
                  title={label}
                >
                  <Typography variant="caption" color="text.secondary">
                    {t('dashboard.maturity.licensesAndCustomers')}
                  </Typography>
                  <CardFigures
                    columns={2}
                    figures={MATURITY_COLUMNS.map((column) => ({
                      key: column,
                      label: columnLabel(column),
                      value: <MaturityCell row={row} column={column} label={label} />,
                    }))}
                  />
                </CardListItem>
              );
            })}
          </CardList>
        )
      ) : (
        <ScrollRegion labelledBy="dashboard-maturity-title">
          <Table size="small" aria-labelledby="dashboard-maturity-title" sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.maturity.licenseType')}</TableCell>
                {MATURITY_COLUMNS.map((column) => (
                  <TableCell key={column} align="right">
                    {columnLabel(column)}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {t('dashboard.maturity.licensesAndCustomers')}
                    </Typography>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>{t('dashboard.maturity.empty')}</TableCell>
                </TableRow>
              )}
              {rows.map((row) => {
                const label = licenseTypeLabel(t, row.type, row.retention);
                return (
                  <TableRow
                    key={`${row.type}-${row.retention ?? ''}`}
                    data-testid={`maturity-${row.type}-${row.retention ?? ''}`}
                  >
                    <TableCell component="th" scope="row">
                      {label}
                    </TableCell>
                    {MATURITY_COLUMNS.map((column) => (
                      <TableCell
                        key={column}
                        align="right"
                        sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                      >
                        <MaturityCell row={row} column={column} label={label} />
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'baseline', flexWrap: 'wrap', ...CENTER_ON_TOUCH }}
        data-testid="maturity-unlicensed"
      >
        <Typography variant="subtitle2">{t('dashboard.maturity.unlicensed')}</Typography>
        <CountLink
          count={unlicensed.devices}
          href={customerListUrl({ license: 'unlicensed' })}
          label={t('dashboard.maturity.unlicensed')}
        />
        <Typography variant="body2" color="text.secondary" sx={{ pl: 1 }}>
          {t('dashboard.summary.customers')}
        </Typography>
        <CountLink
          count={unlicensed.organizations}
          href={customerListUrl({ license: 'unlicensed' })}
          label={`${t('dashboard.maturity.unlicensed')} · ${t('dashboard.maturity.customerCount', { count: unlicensed.organizations })}`}
        />
      </Stack>
    </Stack>
  );
});

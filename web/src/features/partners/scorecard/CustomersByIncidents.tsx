import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PartnerScorecard } from '@portal/contracts/partners';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNumberFormat } from '@/shared/i18n/use-number-format.ts';
import { customerUrl } from '@/shared/navigation/customer-links.ts';
import { scopedPath } from '@/shared/navigation/scoped-link.tsx';
import { CardFigures } from '@/shared/ui/cards/CardList.tsx';

type CustomerRow = PartnerScorecard['byCustomer'][number];

const headCell = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

/** The figures of a customer, in the table's column order. */
function useCustomerFigures() {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`);
  return (row: CustomerRow) => [
    { key: 'devices', label: t('partners.columns.devices'), value: number(row.devices) },
    { key: 'healthy', label: t('partners.columns.healthyPercent'), value: percent(row.healthyPercent) },
    { key: 'open', label: t('partners.columns.openIncidents'), value: number(row.openIncidents) },
    { key: 'expired', label: t('partners.columns.expired'), value: number(row.licenses.expired) },
    { key: 'expiring30', label: t('partners.columns.expiring30'), value: number(row.licenses.expiring30) },
  ];
}

/**
 * A scorecard's customers with the most open incidents: a table from sm up, a card per customer on a phone
 * (the table was clipped at 390 px). The dealer is named only when the customers belong to more than one
 * dealer (a distributor's scorecard): on a dealer's own it repeated the dealer on every row (issue 23).
 */
export function CustomersByIncidents({ rows }: { rows: readonly CustomerRow[] }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const figures = useCustomerFigures();
  const showDealer = new Set(rows.map((row) => row.dealerId)).size > 1;
  const customerLink = (row: CustomerRow) => (
    <Link
      component={RouterLink}
      to={scopedPath(customerUrl(row.organizationId), row.dealerId)}
      underline="hover"
    >
      {row.name}
    </Link>
  );

  if (narrow) {
    return (
      <Box
        component="ul"
        aria-label={t('partners.scorecard.byCustomer')}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {rows.map((row) => (
          <Paper component="li" key={row.organizationId} variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle2" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {customerLink(row)}
            </Typography>
            {showDealer && (
              <Typography variant="body2" color="text.secondary">
                {row.dealerName}
              </Typography>
            )}
            <CardFigures figures={figures(row)} columns={3} />
          </Paper>
        ))}
      </Box>
    );
  }

  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-labelledby="partner-by-customer">
        <TableHead>
          <TableRow>
            <TableCell sx={headCell}>{t('partners.scorecard.customer')}</TableCell>
            {showDealer && <TableCell sx={headCell}>{t('partners.scorecard.dealer')}</TableCell>}
            {rows[0] &&
              figures(rows[0]).map((figure) => (
                <TableCell key={figure.key} sx={headCell} align="right">
                  {figure.label}
                </TableCell>
              ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.organizationId} hover data-testid="scorecard-customer">
              <TableCell sx={{ minWidth: 160 }}>{customerLink(row)}</TableCell>
              {showDealer && <TableCell sx={{ minWidth: 140 }}>{row.dealerName}</TableCell>}
              {figures(row).map((figure) => (
                <TableCell key={figure.key} align="right">
                  {figure.value}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

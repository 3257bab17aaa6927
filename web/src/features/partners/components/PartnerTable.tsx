import Visibility from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { Partner, PartnerSort } from '@portal/contracts/partners';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { regionName } from '@/shared/lib/region-name.ts';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';
import type { PartnerListParams } from '../api/partners.ts';
import { LICENSE_COLUMNS, mainRole, type PartnerColumn } from '../model/csv.ts';
import { SORT_OF_COLUMN } from '../model/list-params.ts';
import { isDealer } from '../model/partner-links.ts';
import { FIGURE_COLUMNS, type FigureColumn, useFigure } from './figures.tsx';

interface PartnerTableProps {
  partners: readonly Partner[];
  params: PartnerListParams;
  now: number;
  onSort: (sort: PartnerSort) => void;
}

const OTHER_FIGURES = FIGURE_COLUMNS.filter(
  (column) => !(LICENSE_COLUMNS as readonly FigureColumn[]).includes(column),
);

/**
 * Wide screens: one partner a row, every figure a column; sortable columns sort on the server. Role and
 * region sit under the name and the license figures under one heading, so the table fits 1440 px; the
 * name column stays in place when a narrower window scrolls the table sideways.
 */
export function PartnerTable({ partners, params, now, onSort }: PartnerTableProps) {
  const { t } = useTranslation();
  const header = (column: PartnerColumn, options: { align?: 'left' | 'right'; short?: boolean } = {}) => {
    const { align = 'right', short = false } = options;
    const sort = SORT_OF_COLUMN[column];
    const full = t(`partners.columns.${column}`);
    const label = short ? t(`partners.licenseColumns.${column}`) : full;
    const active = sort !== undefined && params.sort === sort;
    const sortLabel = sort && (
      <TableSortLabel
        active={active}
        direction={active ? params.order : 'asc'}
        onClick={() => onSort(sort)}
        data-testid={`sort-${sort}`}
      >
        {label}
      </TableSortLabel>
    );
    return (
      <TableCell
        key={column}
        align={align}
        sortDirection={active ? params.order : false}
        rowSpan={short ? 1 : 2}
        // Long headings wrap (figures do not) so that every column fits at 1440 px.
        sx={{
          fontWeight: 600,
          lineHeight: 1.3,
          ...(column === 'name' ? STICKY : { px: 1 }),
          ...(short && { whiteSpace: 'nowrap' }),
        }}
      >
        {short ? (
          // The short name shown, the full one for pointers and screen readers.
          <Tooltip title={full} describeChild>
            {sortLabel || <span>{label}</span>}
          </Tooltip>
        ) : (
          sortLabel || label
        )}
      </TableCell>
    );
  };

  return (
    // Relative: the actions column's hidden caption would otherwise stretch the page past the scroller.
    <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
      <Table size="small" aria-label={t('partners.listLabel')}>
        <TableHead>
          <TableRow>
            {header('name', { align: 'left' })}
            {OTHER_FIGURES.map((column) => header(column))}
            <TableCell
              align="center"
              colSpan={LICENSE_COLUMNS.length}
              sx={{ fontWeight: 600, borderLeft: 1, borderColor: 'divider' }}
            >
              {t('partners.licenseColumns.heading')}
            </TableCell>
            <TableCell align="right" rowSpan={2}>
              <Box component="span" sx={visuallyHidden}>
                {t('partners.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
          <TableRow>{LICENSE_COLUMNS.map((column) => header(column, { short: true }))}</TableRow>
        </TableHead>
        <TableBody>
          {partners.map((partner) => (
            <PartnerTableRow key={partner.companyId} partner={partner} now={now} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * One partner's row. Memoised: the list mounts a few rows at a time (useProgressiveList), and each step
 * renders only the rows it adds.
 */
const PartnerTableRow = memo(function PartnerTableRow({ partner, now }: { partner: Partner; now: number }) {
  const { t } = useTranslation();
  const figure = useFigure(now);
  return (
    <TableRow hover data-testid="partner-row">
      <TableCell sx={{ minWidth: 200, ...STICKY }}>
        <Link
          component={RouterLink}
          to={pathTo(ROUTE.PARTNER_SCORECARD, { companyId: partner.companyId })}
          underline="hover"
          sx={{ fontWeight: 600 }}
        >
          {partner.name}
        </Link>
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
          <Chip size="small" variant="outlined" label={t(`partners.roles.${mainRole(partner)}`)} />
          {partner.region && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {regionName(t, partner.region)}
            </Typography>
          )}
        </Stack>
      </TableCell>
      {FIGURE_COLUMNS.map((column) => (
        <TableCell
          key={column}
          align="right"
          sx={{
            whiteSpace: column === 'oldestOpenIncidentAt' ? 'normal' : 'nowrap',
            px: 1,
            ...(column === 'expired' && { borderLeft: 1, borderColor: 'divider' }),
          }}
        >
          {figure(partner, column)}
        </TableCell>
      ))}
      <TableCell align="right">
        {isDealer(partner) && (
          <LazyTooltip title={t('partners.viewDealer')}>
            <IconButton
              size="small"
              component={RouterLink}
              to={pathTo(ROUTE.PARTNER_VIEW, { companyId: partner.companyId })}
              aria-label={t('partners.viewDealerNamed', { name: partner.name })}
            >
              <Visibility fontSize="small" />
            </IconButton>
          </LazyTooltip>
        )}
      </TableCell>
    </TableRow>
  );
});

/** The name column stays put while the figures scroll under it. */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

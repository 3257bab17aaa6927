import Visibility from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '@mui/utils';
import type { Partner, PartnerSort } from '@portal/contracts/partners';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import type { PartnerListParams } from '../api/partners.ts';
import { mainRole, type PartnerColumn } from '../model/csv.ts';
import { SORT_OF_COLUMN } from '../model/list-params.ts';
import { isDealer } from '../model/partner-links.ts';
import { FIGURE_COLUMNS, useFigure } from './figures.tsx';

interface PartnerTableProps {
  partners: readonly Partner[];
  params: PartnerListParams;
  now: number;
  onSort: (sort: PartnerSort) => void;
}

/** Wide screens: one partner a row, every figure a column; sortable columns sort on the server. */
export function PartnerTable({ partners, params, now, onSort }: PartnerTableProps) {
  const { t } = useTranslation();
  const figure = useFigure(now);
  const header = (column: PartnerColumn, align: 'left' | 'right' = 'right') => {
    const sort = SORT_OF_COLUMN[column];
    const label = t(`partners.columns.${column}`);
    const active = sort !== undefined && params.sort === sort;
    return (
      <TableCell
        key={column}
        align={align}
        sortDirection={active ? params.order : false}
        sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {sort ? (
          <TableSortLabel
            active={active}
            direction={active ? params.order : 'asc'}
            onClick={() => onSort(sort)}
            data-testid={`sort-${sort}`}
          >
            {label}
          </TableSortLabel>
        ) : (
          label
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
            {header('name', 'left')}
            {header('role', 'left')}
            {header('region', 'left')}
            {FIGURE_COLUMNS.map((column) => header(column))}
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('partners.columns.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {partners.map((partner) => (
            <TableRow key={partner.companyId} hover data-testid="partner-row">
              <TableCell sx={{ minWidth: 180 }}>
                <Link
                  component={RouterLink}
                  to={pathTo(ROUTE.PARTNER_SCORECARD, { companyId: partner.companyId })}
                  underline="hover"
                  sx={{ fontWeight: 600 }}
                >
                  {partner.name}
                </Link>
              </TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label={t(`partners.roles.${mainRole(partner)}`)} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{partner.region?.name ?? '—'}</TableCell>
              {FIGURE_COLUMNS.map((column) => (
                <TableCell key={column} align="right">
                  {figure(partner, column)}
                </TableCell>
              ))}
              <TableCell align="right">
                {isDealer(partner) && (
                  <Tooltip title={t('partners.viewDealer')}>
                    <IconButton
                      size="small"
                      component={RouterLink}
                      to={pathTo(ROUTE.PARTNER_VIEW, { companyId: partner.companyId })}
                      aria-label={t('partners.viewDealerNamed', { name: partner.name })}
                    >
                      <Visibility fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

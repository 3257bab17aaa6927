import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemLink } from '@/shared/navigation/ItemLink.tsx';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { ScopedLink as RouterLink } from '@/shared/navigation/scoped-link.tsx';
import { TOUCH_MEDIA, TOUCH_TARGET } from '@/shared/theme/touch.ts';
import { CardFigures, CardList, CardListItem } from '@/shared/ui/cards/CardList.tsx';
import { usePhoneLayout } from '@/shared/ui/cards/use-phone-layout.ts';
import { ScrollRegion } from '@/shared/ui/ScrollRegion.tsx';
import type { AttentionRow } from '../model/customer-attention.ts';
import { CountLink } from './CountLink.tsx';

const SHOWN = 8;

const COLUMNS = ['expired', 'expireSoon', 'unlicensed'] as const;

/** A count that opens the customer's filtered device tab, or a plain 0. */
function AttentionCount({ row, column }: { row: AttentionRow; column: (typeof COLUMNS)[number] }) {
  const { t } = useTranslation();
  return row[column] > 0 ? (
    <CountLink
      count={row[column]}
      href={row.links[column]}
      label={`${row.name} · ${t(`dashboard.attention.${column}`)}`}
    />
  ) : (
    <Typography
      component="span"
      variant="body2"
      color="text.disabled"
      // On the line of the 44 px count links beside it.
      sx={{ [TOUCH_MEDIA]: { display: 'inline-flex', alignItems: 'center', minHeight: TOUCH_TARGET } }}
    >
      0
    </Typography>
  );
}

/**
 * The customers with expired, expiring or missing licenses, each count opening their filtered device tab:
 * a table, or a card per customer on a phone.
 */
export const CustomersToFollowUp = memo(function CustomersToFollowUp({ rows }: { rows: AttentionRow[] }) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  if (rows.length === 0)
    return <Typography color="text.secondary">{t('dashboard.attention.none')}</Typography>;
  const customerLink = (row: AttentionRow) => (
    <ItemLink to={pathTo(ROUTE.ORGANIZATION_DETAIL_OVERVIEW, { orgId: row.id })}>{row.name}</ItemLink>
  );
  return (
    <>
      {phone ? (
        <CardList labelledBy="dashboard-attention-title">
          {rows.slice(0, SHOWN).map((row) => (
            <CardListItem key={row.id} testId="attention-row" title={customerLink(row)}>
              <CardFigures
                columns={3}
                figures={COLUMNS.map((column) => ({
                  key: column,
                  label: t(`dashboard.attention.${column}`),
                  value: <AttentionCount row={row} column={column} />,
                }))}
              />
            </CardListItem>
          ))}
        </CardList>
      ) : (
        <ScrollRegion labelledBy="dashboard-attention-title">
          <Table size="small" aria-labelledby="dashboard-attention-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('dashboard.attention.customer')}</TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column} align="right">
                    {t(`dashboard.attention.${column}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(0, SHOWN).map((row) => (
                <TableRow key={row.id} data-testid="attention-row">
                  <TableCell component="th" scope="row">
                    {customerLink(row)}
                  </TableCell>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} align="right" data-column={column}>
                      <AttentionCount row={row} column={column} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
      {rows.length > SHOWN && (
        <Link
          component={RouterLink}
          to={pathTo(ROUTE.ORGANIZATION)}
          variant="body2"
          sx={{ display: 'inline-block', mt: 1.5 }}
        >
          {t('dashboard.attention.showAll')}
        </Link>
      )}
    </>
  );
});

import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { ScopedLink as RouterLink } from '@/shared/navigation/scoped-link.tsx';
import { ScrollRegion } from '@/shared/ui/ScrollRegion.tsx';
import type { AttentionRow } from '../model/customer-attention.ts';
import { CountLink } from './CountLink.tsx';

const SHOWN = 8;

/** The customers with expired, expiring or missing licenses, each count opening their filtered device tab. */
export function CustomersToFollowUp({ rows }: { rows: AttentionRow[] }) {
  const { t } = useTranslation();
  if (rows.length === 0)
    return <Typography color="text.secondary">{t('dashboard.attention.none')}</Typography>;
  const columns = ['expired', 'expireSoon', 'unlicensed'] as const;
  return (
    <>
      <ScrollRegion labelledBy="dashboard-attention-title">
        <Table size="small" aria-labelledby="dashboard-attention-title">
          <TableHead>
            <TableRow>
              <TableCell>{t('dashboard.attention.customer')}</TableCell>
              {columns.map((column) => (
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
                  <Link
                    component={RouterLink}
                    to={pathTo(ROUTE.ORGANIZATION_DETAIL_OVERVIEW, { orgId: row.id })}
                    underline="hover"
                  >
                    {row.name}
                  </Link>
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column} align="right" data-column={column}>
                    {row[column] > 0 ? (
                      <CountLink
                        count={row[column]}
                        href={row.links[column]}
                        label={`${row.name} · ${t(`dashboard.attention.${column}`)}`}
                      />
                    ) : (
                      <Typography variant="body2" color="text.disabled">
                        0
                      </Typography>
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
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
}

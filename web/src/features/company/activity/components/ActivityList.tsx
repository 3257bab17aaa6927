import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@portal/contracts/audit';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';
import { entrySentence } from '../entry-sentence.ts';
import { ChangeList } from './ChangeList.tsx';

interface ListProps {
  entries: readonly AuditEntry[];
  /** Narrows the list to one customer (the `organizationId` filter). */
  onCustomer: (organizationId: string) => void;
}

const COLUMNS = ['when', 'what', 'customer', 'from'] as const;

function CustomerLink({ entry, onCustomer }: { entry: AuditEntry } & Pick<ListProps, 'onCustomer'>) {
  const { t } = useTranslation();
  if (!entry.organizationId || !entry.organizationName) return <>—</>;
  const id = entry.organizationId;
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      title={t('activity.filters.showCustomer', { name: entry.organizationName })}
      onClick={() => onCustomer(id)}
      sx={{ textAlign: 'left', overflowWrap: 'anywhere', minHeight: { xs: 44, md: 'auto' } }}
    >
      {entry.organizationName}
    </Link>
  );
}

function FromText({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  if (!entry.address && !entry.userAgent) return <>{t('activity.fromUnknown')}</>;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      title={entry.userAgent ?? undefined}
      sx={{ display: 'block', overflowWrap: 'anywhere' }}
    >
      {t('activity.from', {
        address: entry.address ?? '—',
        agent: shortAgent(entry.userAgent),
        interpolation: { escapeValue: false },
      })}
    </Typography>
  );
}

/** The browser and system of a user agent, enough to recognise a device; the whole text is in the title. */
export function shortAgent(agent: string | null): string {
  if (!agent) return '—';
  const browser = /(Edg|Firefox|Chrome|Safari|curl|python-requests|node)[/ ]?[\d.]*/i.exec(agent)?.[1];
  const system = /(Windows|Mac OS X|Macintosh|Android|iPhone|iPad|Linux)/.exec(agent)?.[1];
  if (!browser && !system) return agent.length > 40 ? `${agent.slice(0, 40)}…` : agent;
  return [browser === 'Edg' ? 'Edge' : browser, system === 'Mac OS X' ? 'macOS' : system]
    .filter(Boolean)
    .join(' · ');
}

/** Wide screens: one entry a row, its sentence with the changes under it. */
export function ActivityTable({ entries, onCustomer }: ListProps) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('activity.listLabel')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t(`activity.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow
              key={entry.id}
              data-testid="activity-entry"
              sx={{ '& td': { verticalAlign: 'top', py: 1.25 } }}
            >
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2" component="time" dateTime={entry.at}>
                  {formatDateTime(entry.at)}
                </Typography>
              </TableCell>
              <TableCell sx={{ minWidth: 280 }}>
                <Typography variant="body2">{entrySentence(entry, t)}</Typography>
                <ChangeList entry={entry} />
              </TableCell>
              <TableCell sx={{ minWidth: 120 }}>
                <CustomerLink entry={entry} onCustomer={onCustomer} />
              </TableCell>
              <TableCell sx={{ maxWidth: 240 }}>
                <FromText entry={entry} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Narrow screens (390 px): one card an entry, the same fields. */
export function ActivityCards({ entries, onCustomer }: ListProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5} role="list" aria-label={t('activity.listLabel')}>
      {entries.map((entry) => (
        <Card key={entry.id} variant="outlined" role="listitem" data-testid="activity-entry">
          <CardContent sx={{ '&:last-child': { pb: 1.5 } }}>
            <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.at}>
              {formatDateTime(entry.at)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.25 }}>
              {entrySentence(entry, t)}
            </Typography>
            <ChangeList entry={entry} />
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 1,
                display: 'grid',
                gridTemplateColumns: 'minmax(64px, auto) 1fr',
                alignItems: 'baseline',
                columnGap: 1.5,
                rowGap: 0.25,
                '& dt': { typography: 'caption', color: 'text.secondary' },
                '& dd': { m: 0, minWidth: 0 },
              }}
            >
              {entry.organizationId && entry.organizationName && (
                <>
                  <dt>{t('activity.columns.customer')}</dt>
                  <dd>
                    <CustomerLink entry={entry} onCustomer={onCustomer} />
                  </dd>
                </>
              )}
              <dt>{t('activity.columns.from')}</dt>
              <dd>
                <FromText entry={entry} />
              </dd>
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

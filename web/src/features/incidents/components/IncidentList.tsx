import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
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
import type { Incident } from '@portal/contracts/incidents';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useReadOnly } from '@/shared/session/company-scope.tsx';
import { IncidentActions } from './IncidentActions.tsx';
import {
  AcknowledgedCell,
  affectedText,
  CustomerLink,
  DeviceLink,
  incidentTitle,
  isOpen,
  StartedCell,
  StateChips,
} from './incident-cells.tsx';

interface ListProps {
  incidents: readonly Incident[];
  now: number;
  onOpen: (id: string) => void;
}

const COLUMNS = [
  'type',
  'device',
  'customer',
  'site',
  'started',
  'state',
  'acknowledged',
  'affected',
] as const;

/** Open incidents stand out: a red bar at the start of the row (the theme's CSS variable, both schemes). */
const openMark = (open: boolean) => ({
  boxShadow: open ? 'inset 4px 0 0 var(--mui-palette-error-main)' : 'none',
});

/** Wide screens: one incident a row; the type opens its timeline (so does a click anywhere on the row). */
export function IncidentTable({ incidents, now, onOpen }: ListProps) {
  const { t } = useTranslation();
  const readOnly = useReadOnly();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('incidents.listLabel')}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t(`incidents.columns.${column}`)}
              </TableCell>
            ))}
            {!readOnly && (
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('incidents.columns.actions')}
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {incidents.map((incident) => (
            <IncidentTableRow
              key={incident.id}
              incident={incident}
              now={now}
              onOpen={onOpen}
              readOnly={readOnly}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Narrow screens: one card an incident, the same fields; tapping the card opens its timeline. */
export function IncidentCards({ incidents, now, onOpen }: ListProps) {
  const { t } = useTranslation();
  const readOnly = useReadOnly();
  return (
    <Stack spacing={1.5} role="list" aria-label={t('incidents.listLabel')}>
      {incidents.map((incident) => (
        <IncidentCard key={incident.id} incident={incident} now={now} onOpen={onOpen} readOnly={readOnly} />
      ))}
    </Stack>
  );
}

interface RowProps {
  incident: Incident;
  now: number;
  onOpen: (id: string) => void;
  readOnly: boolean;
}

/**
 * One incident of the table. A memoised component: a refetch keeps the incidents that did not change (the
 * query's structural sharing), and their rows are not rendered again (issue 24, blocking time).
 */
const IncidentTableRow = memo(function IncidentTableRow({ incident, now, onOpen, readOnly }: RowProps) {
  const { t } = useTranslation();
  return (
    <TableRow
      hover
      data-testid="incident-row"
      data-incident-id={incident.id}
      onClick={() => onOpen(incident.id)}
      sx={{
        cursor: 'pointer',
        '& td': { verticalAlign: 'top', py: 1.25 },
        '& > td:first-of-type': openMark(isOpen(incident)),
      }}
    >
      <TableCell sx={{ minWidth: 160 }}>
        <Link
          component="button"
          type="button"
          variant="body2"
          aria-haspopup="dialog"
          onClick={(event) => {
            event.stopPropagation();
            onOpen(incident.id);
          }}
          sx={{ textAlign: 'left', fontWeight: 600 }}
        >
          {incidentTitle(incident, t)}
        </Link>
        <Typography variant="caption" color="text.secondary" component="p">
          {t(`dashboard.categories.${incident.category}`)}
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>
        <DeviceLink incident={incident} />
      </TableCell>
      <TableCell sx={{ minWidth: 120 }}>
        <CustomerLink incident={incident} />
      </TableCell>
      <TableCell sx={{ minWidth: 100 }}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {incident.siteName ?? '—'}
        </Typography>
      </TableCell>
      <TableCell>
        <StartedCell incident={incident} now={now} />
      </TableCell>
      <TableCell>
        <StateChips incident={incident} now={now} />
      </TableCell>
      <TableCell sx={{ maxWidth: 180 }}>
        <AcknowledgedCell incident={incident} />
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {affectedText(incident, t) ?? '—'}
        </Typography>
      </TableCell>
      {!readOnly && (
        <TableCell align="right">
          <IncidentActions incident={incident} />
        </TableCell>
      )}
    </TableRow>
  );
});

/** One incident as a card; memoised like the table's rows. */
const IncidentCard = memo(function IncidentCard({ incident, now, onOpen, readOnly }: RowProps) {
  const { t } = useTranslation();
  const affected = affectedText(incident, t);
  return (
    <Card
      variant="outlined"
      role="listitem"
      data-testid="incident-row"
      data-incident-id={incident.id}
      sx={openMark(isOpen(incident))}
    >
      <CardActionArea aria-haspopup="dialog" onClick={() => onOpen(incident.id)}>
        <CardContent sx={{ pb: 1 }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle2" component="h3">
                {incidentTitle(incident, t)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t(`dashboard.categories.${incident.category}`)}
              </Typography>
            </Box>
            <StateChips incident={incident} now={now} />
          </Stack>
        </CardContent>
      </CardActionArea>
      <CardContent sx={{ pt: 0, pb: 1 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'minmax(88px, auto) 1fr',
            // A label on the line of its value, also where the value is a 44 px touch link.
            alignItems: 'baseline',
            columnGap: 1.5,
            rowGap: 0.5,
            '& dt': { typography: 'body2', color: 'text.secondary' },
            '& dd': { m: 0, minWidth: 0 },
          }}
        >
          <dt>{t('incidents.columns.device')}</dt>
          <dd>
            <DeviceLink incident={incident} />
          </dd>
          <dt>{t('incidents.columns.customer')}</dt>
          <dd>
            <CustomerLink incident={incident} />
          </dd>
          <dt>{t('incidents.columns.site')}</dt>
          <dd>
            <Typography variant="body2">{incident.siteName ?? '—'}</Typography>
          </dd>
          <dt>{t('incidents.columns.started')}</dt>
          <dd>
            <StartedCell incident={incident} now={now} />
          </dd>
          <dt>{t('incidents.columns.acknowledged')}</dt>
          <dd>
            <AcknowledgedCell incident={incident} />
          </dd>
          {affected && (
            <>
              <dt>{t('incidents.columns.affected')}</dt>
              <dd>
                <Typography variant="body2">{affected}</Typography>
              </dd>
            </>
          )}
        </Box>
      </CardContent>
      {!readOnly && (
        <CardActions sx={{ justifyContent: 'flex-end', pt: 0 }}>
          <IncidentActions incident={incident} />
        </CardActions>
      )}
    </Card>
  );
});

/** Read out, not shown (the actions column's caption). Pixel strings: in `sx`, 1 would mean 100%. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

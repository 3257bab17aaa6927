import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { IncidentDetail, IncidentEventKind } from '@portal/contracts/incidents';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { incidentDetailQuery } from '@/shared/api/incidents.ts';
import { ApiError } from '@/shared/lib/api-error.ts';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';
import { formatEventTime } from '../incident-time.ts';
import { IncidentActions } from './IncidentActions.tsx';
import {
  AcknowledgedCell,
  affectedText,
  CustomerLink,
  DeviceLink,
  durationText,
  incidentTitle,
  StateChips,
} from './incident-cells.tsx';

/** The colour of each kind of event's dot on the timeline. */
const EVENT_COLORS: Record<IncidentEventKind, string> = {
  opened: 'error.main',
  reopened: 'error.main',
  resolved: 'success.main',
  acknowledged: 'info.main',
  muted: 'text.disabled',
  unmuted: 'text.disabled',
};

/**
 * The events, oldest first, starting with the opening: incidents from before the timeline was recorded
 * (the demo data, an import) may have none, and the incident did open at `startedAt`.
 */
export function timelineEvents(incident: IncidentDetail): IncidentDetail['events'] {
  if (incident.events.some((event) => event.kind === 'opened')) return incident.events;
  return [{ at: incident.startedAt, kind: 'opened', by: null }, ...incident.events];
}

function Timeline({ incident }: { incident: IncidentDetail }) {
  const { t } = useTranslation();
  // Newest first, like the list; events only ever append, so the position from the oldest is a stable key.
  const events = timelineEvents(incident)
    .map((event, seq) => ({ ...event, seq }))
    .reverse();
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('incidents.timeline.events')}>
      {events.map((event, index) => (
        <Box
          component="li"
          key={event.seq}
          data-testid="timeline-event"
          sx={{ display: 'grid', gridTemplateColumns: '20px 1fr', columnGap: 1.5 }}
        >
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }} aria-hidden="true">
            <Box
              sx={{ width: 12, height: 12, mt: 0.5, borderRadius: '50%', bgcolor: EVENT_COLORS[event.kind] }}
            />
            {index < events.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
          </Box>
          <Box sx={{ pb: 2, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {event.by
                ? t(`incidents.timeline.kindsBy.${event.kind}`, { name: event.by })
                : t(`incidents.timeline.kinds.${event.kind}`)}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatEventTime(event.at)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function Fields({ incident, now }: { incident: IncidentDetail; now: number }) {
  const { t } = useTranslation();
  const affected = affectedText(incident, t);
  const fields: [string, ReactNode][] = [
    ['state', <StateChips key="state" incident={incident} now={now} />],
    ['device', <DeviceLink key="device" incident={incident} />],
    ['customer', <CustomerLink key="customer" incident={incident} />],
    ['site', incident.siteName ?? '—'],
    [
      'started',
      <Fragment key="started">
        {formatDateTime(incident.startedAt)}
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {durationText(incident, now, t)}
        </Typography>
      </Fragment>,
    ],
    ...(incident.resolvedAt
      ? [['resolved', formatDateTime(incident.resolvedAt)] as [string, ReactNode]]
      : []),
    ['acknowledged', <AcknowledgedCell key="acknowledged" incident={incident} />],
    ...(affected ? [['affected', affected] as [string, ReactNode]] : []),
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(100px, auto) 1fr', columnGap: 2, rowGap: 1 }}
    >
      {fields.map(([key, value]) => (
        <Fragment key={key}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`incidents.columns.${key}`)}
          </Typography>
          <Box component="dd" sx={{ m: 0, typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}

/** One incident and its timeline (GET /companies/incidents/{id}), beside the list; full width on phones. */
export function IncidentTimelineDrawer({
  id,
  now,
  onClose,
}: {
  id: string;
  now: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = incidentDetailQuery(id);
  const detail = useQuery({ ...query, meta: { ...query.meta, hideNotification: true } });
  const incident = detail.data;
  const missing = detail.error instanceof ApiError && detail.error.status === 404;

  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 440 }, maxWidth: '100%' },
        },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', px: 2.5, pt: 2, pb: 1.5 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary" component="p">
            {t('incidents.timeline.title')}
          </Typography>
          <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
            {incident ? incidentTitle(incident, t) : t('incidents.timeline.title')}
          </Typography>
          {incident && (
            <Typography variant="body2" color="text.secondary">
              {t(`dashboard.categories.${incident.category}`)}
            </Typography>
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={t('incidents.timeline.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 2.5, overflowY: 'auto' }}>
        {detail.isPending && (
          <Stack spacing={1.5} aria-busy="true">
            <Skeleton variant="rounded" height={160} />
            <Skeleton variant="rounded" height={120} />
          </Stack>
        )}
        {detail.isError && (
          <Alert
            severity={missing ? 'info' : 'error'}
            action={
              missing ? undefined : (
                <Button color="inherit" size="small" onClick={() => void detail.refetch()}>
                  {t('incidents.retry')}
                </Button>
              )
            }
          >
            {t(missing ? 'incidents.timeline.notFound' : 'incidents.timeline.loadFailed')}
          </Alert>
        )}
        {incident && (
          <Stack spacing={2.5}>
            <Fields incident={incident} now={now} />
            <Box sx={{ display: 'flex', justifyContent: 'flex-start' }}>
              <IncidentActions incident={incident} size="medium" />
            </Box>
            <Divider />
            <Typography variant="subtitle2" component="h3">
              {t('incidents.timeline.events')}
            </Typography>
            <Timeline incident={incident} />
          </Stack>
        )}
      </Box>
    </Drawer>
  );
}

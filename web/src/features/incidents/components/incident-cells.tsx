import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Incident } from '@portal/contracts/incidents';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';
import { customerDevicesUrl, customerUrl } from '@/shared/navigation/customer-links.ts';
import { ScopedLink as RouterLink } from '@/shared/navigation/scoped-link.tsx';
import { incidentDuration } from '../incident-time.ts';

/** The alert wording of SPEC §4 (the dashboard's `dashboard.alerts.<CATEGORY>.<TYPE>`). */
export function incidentTitle(incident: Pick<Incident, 'category' | 'type'>, t: TFunction): string {
  return t(`dashboard.alerts.${incident.category}.${incident.type}`, { defaultValue: incident.type });
}

export function isOpen(incident: Incident): boolean {
  return incident.resolvedAt === null;
}

export function isMuted(incident: Incident, now: number): boolean {
  return incident.mutedUntil !== null && Date.parse(incident.mutedUntil) > now;
}

/** 'for 2 h' while open, 'lasted 35 min' once resolved. */
export function durationText(incident: Incident, now: number, t: TFunction): string {
  const duration = incidentDuration(incident, now);
  if (!duration) return '';
  const text =
    duration.unit === 'minutes' && duration.count === 0
      ? t('incidents.duration.underMinute')
      : t(`incidents.duration.${duration.unit}`, { count: duration.count });
  return t(isOpen(incident) ? 'incidents.openFor' : 'incidents.lasted', { duration: text });
}

export function StartedCell({ incident, now }: { incident: Incident; now: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(incident.startedAt)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {durationText(incident, now, t)}
      </Typography>
    </Box>
  );
}

export function StateChips({ incident, now }: { incident: Incident; now: number }) {
  const { t } = useTranslation();
  const open = isOpen(incident);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Chip
        size="small"
        variant={open ? 'filled' : 'outlined'}
        color={open ? 'error' : 'success'}
        label={t(open ? 'incidents.state.open' : 'incidents.state.resolved')}
      />
      {isMuted(incident, now) && (
        <Chip
          size="small"
          variant="outlined"
          label={t('incidents.mutedUntil', { time: formatDateTime(incident.mutedUntil) })}
        />
      )}
    </Stack>
  );
}

export function AcknowledgedCell({ incident }: { incident: Incident }) {
  if (!incident.acknowledgedBy) {
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" noWrap title={incident.acknowledgedBy}>
        {incident.acknowledgedBy}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(incident.acknowledgedAt)}
      </Typography>
    </Box>
  );
}

/** Server outages: how many devices behind the server are down; license incidents: how many licenses. */
export function affectedText(incident: Incident, t: TFunction): string | null {
  if (incident.affectedDevices <= 0) return null;
  return t(incident.category === 'LICENSE' ? 'incidents.affectedLicenses' : 'incidents.affectedDevices', {
    count: incident.affectedDevices,
  });
}

/** The device, linked to the customer's device tab searching for it. */
export function DeviceLink({ incident }: { incident: Incident }) {
  if (!incident.deviceName) {
    return (
      <Typography variant="body2" color="text.secondary">
        —
      </Typography>
    );
  }
  return (
    <Link
      component={RouterLink}
      to={customerDevicesUrl(incident.organizationId, { q: incident.deviceName })}
      variant="body2"
      onClick={(event) => event.stopPropagation()}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {incident.deviceName}
    </Link>
  );
}

export function CustomerLink({ incident }: { incident: Incident }) {
  return (
    <Link
      component={RouterLink}
      to={customerUrl(incident.organizationId)}
      variant="body2"
      onClick={(event) => event.stopPropagation()}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {incident.organizationName}
    </Link>
  );
}

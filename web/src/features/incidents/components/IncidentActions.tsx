import NotificationsOffOutlined from '@mui/icons-material/NotificationsOffOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { type Incident, MUTE_CHOICES_MINUTES } from '@portal/contracts/incidents';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/lib/api-error.ts';
import { toast } from '@/shared/lib/toast.ts';
import { useReadOnly } from '@/shared/session/company-scope.tsx';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';
import { useAcknowledgeIncident } from '../api/acknowledge-incident.ts';
import { useDeviceMute } from '../api/mute-device.ts';

/** A failed action: the server's own reason when it has a translation (e.g. not found), else 'Failed to save.'. */
function failureText(error: unknown, t: (key: string, values?: Record<string, string>) => string): string {
  if (error instanceof ApiError && error.messageKey && error.type === 'api') {
    return t(error.messageKey, error.messageValues);
  }
  return t('incidents.toast.saveFailed');
}

/** The duration choices of the mute menu, e.g. '1 hour', '7 days'. */
export function muteChoiceLabel(
  minutes: number,
  t: (key: string, values?: Record<string, unknown>) => string,
) {
  if (minutes % (24 * 60) === 0 && minutes >= 48 * 60)
    return t('incidents.mute.days', { count: minutes / (24 * 60) });
  if (minutes % 60 === 0) return t('incidents.mute.hours', { count: minutes / 60 });
  return t('incidents.mute.minutes', { count: minutes });
}

type IncidentActionsProps = { incident: Incident; size?: 'small' | 'medium' };

/**
 * Acknowledge (open incidents nobody acknowledged yet) and the device's mute menu (incidents of a device);
 * nothing in a read-only view of a dealer (issue 16).
 */
export function IncidentActions(props: IncidentActionsProps) {
  return useReadOnly() ? null : <WritableIncidentActions {...props} />;
}

function WritableIncidentActions({ incident, size = 'small' }: IncidentActionsProps) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeIncident();
  const mute = useDeviceMute();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const canAcknowledge = incident.resolvedAt === null && incident.acknowledgedAt === null;
  const muted = incident.mutedUntil !== null && Date.parse(incident.mutedUntil) > Date.now();
  const deviceId = incident.deviceId;

  const onAcknowledge = () =>
    acknowledge.mutate(incident.id, {
      onSuccess: () => toast.success(t('incidents.toast.saved')),
      onError: (error) => toast.error(failureText(error, t)),
    });
  const onMute = (minutes: number | null) => {
    setAnchor(null);
    if (!deviceId) return;
    mute.mutate(
      { deviceId, minutes },
      {
        onSuccess: () => toast.success(t('incidents.toast.saved')),
        onError: (error) => toast.error(failureText(error, t)),
      },
    );
  };

  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
      onClick={(event) => event.stopPropagation()}
    >
      {canAcknowledge && (
        <Button
          size={size}
          variant="outlined"
          onClick={onAcknowledge}
          loading={acknowledge.isPending}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('incidents.actions.acknowledge')}
        </Button>
      )}
      {deviceId && (
        <>
          <LazyTooltip title={t('incidents.actions.mute')}>
            <IconButton
              size={size}
              aria-label={t('incidents.actions.muteDevice', { name: incident.deviceName ?? deviceId })}
              aria-haspopup="menu"
              aria-controls={anchor ? menuId : undefined}
              aria-expanded={anchor ? 'true' : undefined}
              disabled={mute.isPending}
              onClick={(event) => setAnchor(event.currentTarget)}
            >
              <NotificationsOffOutlined fontSize="small" />
            </IconButton>
          </LazyTooltip>
          <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {MUTE_CHOICES_MINUTES.map((minutes) => (
              <MenuItem key={minutes} onClick={() => onMute(minutes)}>
                <ListItemText>
                  {t('incidents.mute.for', { duration: muteChoiceLabel(minutes, t) })}
                </ListItemText>
              </MenuItem>
            ))}
            {muted && <Divider />}
            {muted && (
              <MenuItem onClick={() => onMute(null)}>
                <ListItemText>{t('incidents.mute.unmute')}</ListItemText>
              </MenuItem>
            )}
          </Menu>
        </>
      )}
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Incident } from '@portal/contracts/incidents';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { everyIncidentQuery, incidentPagesQuery } from '@/shared/api/incidents.ts';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';
import { incidentsUrl } from '@/shared/navigation/customer-links.ts';
import { ScopedLink as RouterLink } from '@/shared/navigation/scoped-link.tsx';

/** A customer's open incidents by device id (one request, the cursor followed), for the device rows. */
export function useOpenIncidentsByDevice(orgId: string): ReadonlyMap<string, Incident[]> {
  const options = everyIncidentQuery({ state: 'open', organizationId: orgId });
  // Without them the device list still works; nothing to toast.
  const open = useQuery({ ...options, meta: { ...options.meta, hideNotification: true } });
  return useMemo(() => {
    const byDevice = new Map<string, Incident[]>();
    for (const incident of open.data ?? []) {
      if (!incident.deviceId) continue;
      byDevice.set(incident.deviceId, [...(byDevice.get(incident.deviceId) ?? []), incident]);
    }
    return byDevice;
  }, [open.data]);
}

/** The device row's mark: how many incidents of the device are open. */
export function OpenIncidentsChip({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Chip
      size="small"
      color="error"
      data-testid="open-incidents"
      label={t('customers.device.incidents.openCount', { count })}
    />
  );
}

const PAGE_SIZE = 20;

/** A device's incidents, newest first, open ones highlighted (GET /companies/incidents?deviceId=…&state=all). */
export function DeviceIncidentHistory({ orgId, deviceId }: { orgId: string; deviceId: string }) {
  const { t } = useTranslation();
  const options = incidentPagesQuery({ state: 'all', organizationId: orgId, deviceId }, PAGE_SIZE);
  const history = useInfiniteQuery({ ...options, meta: { ...options.meta, hideNotification: true } });
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Box component="section" aria-labelledby="device-incidents-title" data-testid="device-incidents">
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography id="device-incidents-title" variant="subtitle2" component="h3">
          {t('customers.device.incidents.title')}
        </Typography>
        {items.length > 0 && (
          <Link
            component={RouterLink}
            to={incidentsUrl({ state: 'all', customer: orgId, device: deviceId })}
            variant="body2"
          >
            {t('customers.device.incidents.viewAll')}
          </Link>
        )}
      </Stack>
      {history.isPending && <Skeleton variant="rounded" height={64} />}
      {history.isError && !history.data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              {t('customers.device.retry')}
            </Button>
          }
        >
          {t('customers.device.incidents.loadFailed')}
        </Alert>
      )}
      {history.isSuccess && items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('customers.device.incidents.none')}
        </Typography>
      )}
      {items.length > 0 && (
        <Stack component="ol" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((incident) => {
            const open = incident.resolvedAt === null;
            return (
              <Box
                component="li"
                key={incident.id}
                data-testid="device-incident"
                data-state={open ? 'open' : 'resolved'}
                sx={{
                  px: 1.5,
                  py: 1,
                  borderRadius: 1,
                  border: 1,
                  borderColor: open ? 'error.main' : 'divider',
                  bgcolor: open ? 'rgba(var(--mui-palette-error-mainChannel) / 0.08)' : 'transparent',
                }}
              >
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ justifyContent: 'space-between', alignItems: 'center' }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 0 }}>
                    {t(`dashboard.alerts.${incident.category}.${incident.type}`, {
                      defaultValue: incident.type,
                    })}
                  </Typography>
                  <Chip
                    size="small"
                    variant={open ? 'filled' : 'outlined'}
                    color={open ? 'error' : 'success'}
                    label={t(
                      open ? 'customers.device.incidents.open' : 'customers.device.incidents.resolved',
                    )}
                  />
                </Stack>
                <Typography variant="caption" color="text.secondary" component="p">
                  {open
                    ? t('customers.device.incidents.since', { time: formatDateTime(incident.startedAt) })
                    : t('customers.device.incidents.between', {
                        start: formatDateTime(incident.startedAt),
                        end: formatDateTime(incident.resolvedAt),
                      })}
                  {incident.acknowledgedBy &&
                    ` · ${t('customers.device.incidents.acknowledgedBy', { name: incident.acknowledgedBy })}`}
                </Typography>
              </Box>
            );
          })}
        </Stack>
      )}
      {history.hasNextPage && (
        <Button
          size="small"
          onClick={() => void history.fetchNextPage()}
          loading={history.isFetchingNextPage}
          sx={{ mt: 1 }}
        >
          {t('customers.device.incidents.loadMore')}
        </Button>
      )}
    </Box>
  );
}

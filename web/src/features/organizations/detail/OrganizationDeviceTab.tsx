import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useSearchParamText } from '../shared/use-search-param-text.ts';
import { DeviceFiltersBar } from './device/DeviceFiltersBar.tsx';
import { useOpenIncidentsByDevice } from './device/DeviceIncidents.tsx';
import { DeviceList } from './device/DeviceList.tsx';
import { filterDevices } from './device/device-filters.ts';
import { PlatformLoadStatus } from './device/PlatformLoadStatus.tsx';
import { useDeviceFilters } from './device/use-device-filters.ts';
import { useOrganizationDevices } from './device/use-organization-devices.ts';

/**
 * Device tab: every device of both platforms in one virtualised list, searched and filtered in memory.
 * Filters live in the URL; the list follows a deferred copy so typing stays responsive with 5,000 devices.
 */
export function OrganizationDeviceTab() {
  const { t } = useTranslation();
  const { orgId = '' } = useParams();
  const devices = useOrganizationDevices(orgId);
  const openIncidents = useOpenIncidentsByDevice(orgId);
  const { filters, setFilter, clear } = useDeviceFilters();
  const [search, setSearch] = useSearchParamText('q');
  const deferred = useDeferredValue(useMemo(() => ({ ...filters, q: search.trim() }), [filters, search]));
  const shown = useMemo(() => filterDevices(devices.rows, deferred), [devices.rows, deferred]);
  const loading = devices.summary === 'loading';

  return (
    <Stack spacing={2}>
      <PlatformLoadStatus devices={devices} />
      <DeviceFiltersBar
        filters={filters}
        search={search}
        onSearchChange={setSearch}
        sites={devices.sites}
        setFilter={setFilter}
        clear={() => {
          setSearch('');
          clear();
        }}
      />
      <Typography variant="body2" color="text.secondary" role="status" data-testid="device-count">
        {t('customers.device.count', {
          shown: shown.length.toLocaleString(),
          total: devices.rows.length.toLocaleString(),
        })}
      </Typography>
      {loading && <LinearProgress aria-label={t('customers.device.loading')} />}
      {shown.length > 0 ? (
        <DeviceList orgId={orgId} rows={shown} openIncidents={openIncidents} />
      ) : (
        !loading && (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            {t(devices.rows.length === 0 ? 'customers.device.none' : 'customers.device.empty')}
          </Typography>
        )
      )}
    </Stack>
  );
}

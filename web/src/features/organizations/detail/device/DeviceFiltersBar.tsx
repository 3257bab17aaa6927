import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEVICE_CATEGORIES, DEVICE_STATES, DEVICE_TYPES } from '@portal/contracts/devices';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '@/shared/ui/FilterSelect.tsx';
import { FiltersBar } from '@/shared/ui/FiltersBar.tsx';
import {
  type DeviceFilters,
  type FilterParam,
  hasActiveFilters,
  LICENSE_FILTERS,
  STATUS_FILTERS,
} from './device-filters.ts';

/** Search and the six filters of the device tab; every change goes to the URL. */
export function DeviceFiltersBar({
  filters,
  search,
  onSearchChange,
  sites,
  setFilter,
  clear,
}: {
  filters: DeviceFilters;
  search: string;
  onSearchChange: (value: string) => void;
  sites: { id: string; name: string }[];
  setFilter: (param: FilterParam, value: string | null) => void;
  clear: () => void;
}) {
  const { t } = useTranslation();
  const statusLabel = (value: string) => t(`customers.deviceStatus.${value}`);

  return (
    <FiltersBar
      columns={{
        xs: '1fr 1fr',
        md: 'repeat(4, minmax(0, 1fr))',
        lg: 'minmax(220px, 2fr) repeat(6, minmax(0, 1fr)) auto',
      }}
    >
      <TextField
        type="search"
        size="small"
        value={search}
        placeholder={t('customers.device.search')}
        onChange={(event) => onSearchChange(event.target.value)}
        sx={{ gridColumn: { xs: '1 / -1', md: 'span 2', lg: 'auto' } }}
        slotProps={{
          htmlInput: { 'aria-label': t('customers.device.searchLabel') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <FilterSelect
        anyLabel={t('customers.device.all')}
        label={t('customers.device.type')}
        value={filters.type}
        onChange={(value) => setFilter('type', value)}
        options={DEVICE_TYPES.map((type) => ({ value: type, label: t(`customers.deviceType.${type}`) }))}
      />
      <FilterSelect
        anyLabel={t('customers.device.all')}
        label={t('customers.device.category')}
        value={filters.category}
        onChange={(value) => setFilter('category', value)}
        options={DEVICE_CATEGORIES.map((category) => ({
          value: category,
          label: t(`customers.deviceCategory.${category}`),
        }))}
      />
      <FilterSelect
        anyLabel={t('customers.device.all')}
        label={t('customers.device.state')}
        value={filters.state}
        onChange={(value) => setFilter('state', value)}
        options={DEVICE_STATES.map((state) => ({ value: state, label: t(`customers.deviceState.${state}`) }))}
      />
      <FilterSelect
        anyLabel={t('customers.device.all')}
        label={t('customers.device.status')}
        value={filters.status}
        onChange={(value) => setFilter('status', value)}
        options={STATUS_FILTERS.map((status) => ({ value: status, label: statusLabel(status) }))}
      />
      <FilterSelect
        anyLabel={t('customers.device.all')}
        label={t('customers.device.license')}
        value={filters.license}
        onChange={(value) => setFilter('license', value)}
        options={LICENSE_FILTERS.map((license) => ({
          value: license,
          label: t(`customers.licenseFilter.${license}`),
        }))}
      />
      <FilterSelect
        anyLabel={t('customers.device.all')}
        label={t('customers.device.site')}
        value={filters.site}
        onChange={(value) => setFilter('site', value)}
        options={sites.map((site) => ({ value: site.id, label: site.name }))}
      />
      <Button
        onClick={clear}
        disabled={!hasActiveFilters(filters) && search === ''}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('customers.device.clear')}
      </Button>
      {(filters.platform || filters.device) && (
        <Stack direction="row" sx={{ gridColumn: '1 / -1', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary">
            {t('customers.device.filteredBy')}
          </Typography>
          {filters.platform && (
            <Chip
              size="small"
              label={t(
                filters.platform === 'first'
                  ? 'customers.device.platformFirst'
                  : 'customers.device.platformSecond',
              )}
              onDelete={() => setFilter('platform', null)}
            />
          )}
          {filters.device && (
            <Chip
              size="small"
              label={t(`customers.device.kind.${filters.device}`)}
              onDelete={() => setFilter('device', null)}
            />
          )}
        </Stack>
      )}
    </FiltersBar>
  );
}

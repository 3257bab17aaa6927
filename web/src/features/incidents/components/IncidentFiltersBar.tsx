import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { ALERT_CATEGORIES, ALERT_TYPES } from '@portal/contracts/devices';
import { INCIDENT_STATES } from '@portal/contracts/incidents';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { INCIDENT_AGES } from '@/shared/api/incidents.ts';
import { FilterSelect } from '@/shared/ui/FilterSelect.tsx';
import { FiltersBar } from '@/shared/ui/FiltersBar.tsx';
import { type FilterParam, hasFilters, type PageFilters } from '../incident-filters.ts';

interface FiltersBarProps {
  filters: PageFilters;
  customers: readonly OrganizationListItem[];
  /** The device the `device` filter names, once an incident of it is listed. */
  deviceName: string | null;
  setFilters: (patch: Partial<Record<FilterParam, string | null>>) => void;
  clear: () => void;
}

const AGES = Object.keys(INCIDENT_AGES) as (keyof typeof INCIDENT_AGES)[];

/**
 * State, category, type, customer and age; every change goes to the URL. Memoised: the page re-renders
 * whenever its incidents or customers answer, and the customer field (an Autocomplete) is costly to render.
 */
export const IncidentFiltersBar = memo(function IncidentFiltersBar({
  filters,
  customers,
  deviceName,
  setFilters,
  clear,
}: FiltersBarProps) {
  const { t } = useTranslation();
  const customer = useMemo(
    () => customers.find((item) => item.id === filters.customer) ?? null,
    [customers, filters.customer],
  );
  // A type of one category, or (no category chosen) every type grouped by category: picking one sets both.
  const typeValue = filters.type ? `${filters.category ?? typeCategory(filters.type)}.${filters.type}` : '';
  const typeOptions = (filters.category ? [filters.category] : ALERT_CATEGORIES).flatMap((category) => [
    ...(filters.category
      ? []
      : [<ListSubheader key={`header-${category}`}>{t(`dashboard.categories.${category}`)}</ListSubheader>]),
    ...ALERT_TYPES[category].map((type) => (
      <MenuItem
        key={`${category}.${type}`}
        value={`${category}.${type}`}
        sx={{ pl: filters.category ? 2 : 3 }}
      >
        {t(`dashboard.alerts.${category}.${type}`)}
      </MenuItem>
    )),
  ]);

  return (
    <FiltersBar
      label={t('incidents.filters.label')}
      columns={{
        xs: '1fr 1fr',
        md: 'repeat(3, minmax(0, 1fr))',
        lg: 'auto repeat(2, minmax(150px, 1fr)) minmax(200px, 1.4fr) minmax(140px, 1fr) auto',
      }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={filters.state}
        onChange={(_event, value: string | null) => value && setFilters({ state: value })}
        aria-label={t('incidents.filters.state')}
        sx={{
          gridColumn: { xs: '1 / -1', md: 'auto' },
          '& .MuiToggleButton-root': { flex: 1, px: 2, whiteSpace: 'nowrap' },
        }}
      >
        {INCIDENT_STATES.map((state) => (
          <ToggleButton key={state} value={state}>
            {t(`incidents.filters.states.${state}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <FilterSelect
        label={t('incidents.filters.category')}
        anyLabel={t('incidents.filters.all')}
        value={filters.category}
        onChange={(category) => setFilters({ category })}
        options={ALERT_CATEGORIES.map((category) => ({
          value: category,
          label: t(`dashboard.categories.${category}`),
        }))}
      />
      <TextField
        select
        size="small"
        label={t('incidents.filters.type')}
        value={typeValue}
        onChange={(event) => {
          const [category, type] = event.target.value.split('.');
          setFilters(type ? { category: category ?? null, type } : { type: null });
        }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('incidents.filters.all')}</MenuItem>
        {typeOptions}
      </TextField>
      <Autocomplete
        size="small"
        options={customers as OrganizationListItem[]}
        value={customer}
        onChange={(_event, value) => setFilters({ customer: value?.id ?? null })}
        getOptionLabel={(option) => option.name}
        getOptionKey={(option) => option.id}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('incidents.filters.customer')}
            placeholder={t('incidents.filters.allCustomers')}
            slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
          />
        )}
      />
      <FilterSelect
        label={t('incidents.filters.age')}
        anyLabel={t('incidents.filters.anyTime')}
        value={filters.age}
        onChange={(age) => setFilters({ age })}
        options={AGES.map((age) => ({ value: age, label: t(`incidents.filters.ages.${age}`) }))}
      />
      <Button onClick={clear} disabled={!hasFilters(filters)} sx={{ justifySelf: 'start' }}>
        {t('incidents.filters.clear')}
      </Button>
      {filters.device && (
        <Chip
          label={t('incidents.filters.device', { name: deviceName ?? filters.device })}
          onDelete={() => setFilters({ device: null })}
          sx={{ gridColumn: '1 / -1', justifySelf: 'start', maxWidth: '100%' }}
        />
      )}
    </FiltersBar>
  );
});

/** The first category holding a type (a type in the URL without its category). */
function typeCategory(type: string): string {
  return (
    ALERT_CATEGORIES.find((category) => (ALERT_TYPES[category] as readonly string[]).includes(type)) ?? ''
  );
}

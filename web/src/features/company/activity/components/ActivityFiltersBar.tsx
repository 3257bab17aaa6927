import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { ListedMember } from '@portal/contracts/reseller';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import type { DateFilterFieldProps } from '@/shared/ui/DateFilterField.tsx';
import { FilterSelect } from '@/shared/ui/FilterSelect.tsx';
import { FiltersBar } from '@/shared/ui/FiltersBar.tsx';
import {
  ACTION_GROUPS,
  type ActivityFilters,
  type FilterParam,
  hasFilters,
  properRange,
} from '../activity-filters.ts';

export interface CustomerOption {
  id: string;
  name: string;
}

interface FiltersBarProps {
  filters: ActivityFilters;
  /** The company's members, for the owner (a member sees only their own entries: no member filter). */
  members: readonly ListedMember[] | null;
  /** The dealer's customers to pick from; null where the caller has none (partners). */
  customers: readonly CustomerOption[] | null;
  /** The name of the customer the filter names, when known (from the list or an entry). */
  customerName: string | null;
  setFilters: (patch: Partial<Record<FilterParam, string | null>>) => void;
  clear: () => void;
}

// The date picker is most of the page's code: the list paints first, the two fields follow.
const DateFilterField = lazy(async () => ({
  default: (await import('@/shared/ui/DateFilterField.tsx')).DateFilterField,
}));

/** A date field, in the place and with the label of the field while its code loads. */
const LazyDateFilterField = (props: DateFilterFieldProps) => (
  <Suspense
    fallback={
      <TextField size="small" label={props.label} disabled slotProps={{ inputLabel: { shrink: true } }} />
    }
  >
    <DateFilterField {...props} />
  </Suspense>
);

/** Action, member, customer and dates; every change goes to the URL. */
export function ActivityFiltersBar({
  filters,
  members,
  customers,
  customerName,
  setFilters,
  clear,
}: FiltersBarProps) {
  const { t } = useTranslation();
  const customer = customers?.find((item) => item.id === filters.organizationId) ?? null;
  // A typed day can pass the other field's bound, which only the calendar enforces.
  const setRange = (since: string | undefined, until: string | undefined) => {
    const range = properRange(since, until);
    setFilters({ since: range.since ?? null, until: range.until ?? null });
    if (range.adjusted) toast.info(t('activity.filters.rangeAdjusted'));
  };
  return (
    <FiltersBar
      label={t('activity.filters.label')}
      // Phones: the two dates side by side under the lists; wider: two columns, then one row.
      columns={{ xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr)) auto' }}
      sx={{ '& > .activity-filter-wide': { gridColumn: { xs: '1 / -1', sm: 'auto' } } }}
    >
      <FilterSelect
        className="activity-filter-wide"
        emptyShowsLabel
        label={t('activity.filters.action')}
        anyLabel={t('activity.filters.anyAction')}
        value={filters.action}
        onChange={(action) => setFilters({ action })}
        options={ACTION_GROUPS.map((group) => ({ value: group, label: t(`activity.groups.${group}`) }))}
      />
      {members && (
        <FilterSelect
          className="activity-filter-wide"
          emptyShowsLabel
          label={t('activity.filters.actor')}
          anyLabel={t('activity.filters.anyActor')}
          value={members.some((member) => member.userId === filters.actor) ? filters.actor : null}
          onChange={(actor) => setFilters({ actor })}
          options={members.map((member) => ({ value: member.userId, label: member.name || member.email }))}
        />
      )}
      {customers ? (
        <Autocomplete
          size="small"
          className="activity-filter-wide"
          options={customers}
          value={customer}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          onChange={(_event, value) => setFilters({ organizationId: value?.id ?? null })}
          renderInput={(params) => <TextField {...params} label={t('activity.filters.customer')} />}
        />
      ) : (
        filters.organizationId && (
          <Chip
            className="activity-filter-wide"
            label={t('activity.filters.customerChip', { name: customerName ?? filters.organizationId })}
            onDelete={() => setFilters({ organizationId: null })}
          />
        )
      )}
      <LazyDateFilterField
        label={t('activity.filters.since')}
        value={filters.since}
        max={filters.until}
        onChange={(since) => setRange(since ?? undefined, filters.until)}
      />
      <LazyDateFilterField
        label={t('activity.filters.until')}
        value={filters.until}
        min={filters.since}
        onChange={(until) => setRange(filters.since, until ?? undefined)}
      />
      {hasFilters(filters) && (
        <Button onClick={clear} className="activity-filter-wide" sx={{ justifySelf: 'start', minHeight: 40 }}>
          {t('activity.filters.clear')}
        </Button>
      )}
    </FiltersBar>
  );
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { setOrDelete, useReplaceSearchParams } from '@/shared/navigation/use-replace-search-params.ts';
import { type DeviceFilters, FILTER_PARAMS, type FilterParam, parseDeviceFilters } from './device-filters.ts';

/** The device filters read from and written to the URL (replacing the entry, so Back leaves the tab). */
export function useDeviceFilters(): {
  filters: DeviceFilters;
  setFilter: (param: FilterParam, value: string | null) => void;
  clear: () => void;
} {
  const [params] = useSearchParams();
  const replace = useReplaceSearchParams();
  const filters = useMemo(() => parseDeviceFilters(params), [params]);
  const setFilter = useCallback(
    (param: FilterParam, value: string | null) => replace((next) => setOrDelete(next, param, value)),
    [replace],
  );
  const clear = useCallback(
    () =>
      replace((next) => {
        for (const param of FILTER_PARAMS) next.delete(param);
      }),
    [replace],
  );
  return { filters, setFilter, clear };
}

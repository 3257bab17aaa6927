import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type DeviceFilters, FILTER_PARAMS, type FilterParam, parseDeviceFilters } from './device-filters.ts';

/** The device filters read from and written to the URL (replacing the entry, so Back leaves the tab). */
export function useDeviceFilters(): {
  filters: DeviceFilters;
  setFilter: (param: FilterParam, value: string | null) => void;
  clear: () => void;
} {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseDeviceFilters(params), [params]);
  const setFilter = useCallback(
    (param: FilterParam, value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(param, value);
          else next.delete(param);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const param of FILTER_PARAMS) next.delete(param);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, setFilter, clear };
}

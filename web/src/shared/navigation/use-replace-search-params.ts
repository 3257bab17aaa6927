import { useCallback } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/**
 * Edits the page's URL query in place: `change` edits a copy of the current query, which then replaces it in
 * the same history entry (Back leaves the page, not the last filter).
 */
export function useReplaceSearchParams() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (change: (next: URLSearchParams) => void, options?: Pick<NavigateOptions, 'preventScrollReset'>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true, ...options },
      ),
    [setParams],
  );
}

/** Sets a query parameter, or removes it when the value is empty. */
export function setOrDelete(params: URLSearchParams, name: string, value: string | null | undefined): void {
  if (value) params.set(name, value);
  else params.delete(name);
}

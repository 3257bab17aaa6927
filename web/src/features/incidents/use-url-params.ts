import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The URL's search parameters and an updater that composes with updates still under way. A change of the
 * search parameters is a navigation, and the signed-in routes' loaders run before it lands, so a second
 * click in the meantime would otherwise start from the parameters of before the first and undo it.
 */
export function useUrlParams(): [
  URLSearchParams,
  (update: (current: URLSearchParams) => URLSearchParams) => void,
] {
  const [params, setParams] = useSearchParams();
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    if (pending.current?.toString() === params.toString()) pending.current = null;
  }, [params]);
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams) => {
      const next = change(new URLSearchParams(pending.current ?? params));
      pending.current = next;
      setParams(next, { replace: true });
    },
    [params, setParams],
  );
  return [params, update];
}

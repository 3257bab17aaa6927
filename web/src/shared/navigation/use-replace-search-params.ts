import { useCallback, useContext } from 'react';
import { type NavigateOptions, UNSAFE_DataRouterContext, useSearchParams } from 'react-router';

/**
 * Edits the page's URL query in place: `change` edits a copy of the current query, which then replaces it in
 * the same history entry (Back leaves the page, not the last filter).
 *
 * "Current" is the router's, not the last render's: a navigation still on its way (its target) or one that
 * React has not rendered yet (a transition, slow on a busy phone). React Router's own functional
 * `setSearchParams` starts from the rendered query, so a keystroke right after "Card view" wrote the old
 * `view=mapMode` back.
 */
export function useReplaceSearchParams() {
  const [rendered, setParams] = useSearchParams();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return useCallback(
    (change: (next: URLSearchParams) => void, options?: Pick<NavigateOptions, 'preventScrollReset'>) => {
      const live = router ? (router.state.navigation.location ?? router.state.location).search : undefined;
      const next = new URLSearchParams(live ?? rendered);
      change(next);
      setParams(next, { replace: true, ...options });
    },
    [router, rendered, setParams],
  );
}

/** Sets a query parameter, or removes it when the value is empty. */
export function setOrDelete(params: URLSearchParams, name: string, value: string | null | undefined): void {
  if (value) params.set(name, value);
  else params.delete(name);
}

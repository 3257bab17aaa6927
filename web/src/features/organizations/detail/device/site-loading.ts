export type LoadState = 'loading' | 'success' | 'error';

/** SPEC §4 site loading: loading if either platform is loading; success only if both succeed; else error. */
export function summarizeSiteLoading(first: LoadState, second: LoadState): LoadState {
  if (first === 'loading' || second === 'loading') return 'loading';
  if (first === 'success' && second === 'success') return 'success';
  return 'error';
}

/** React Query's status in the words of SPEC §4 ('pending' is loading). */
export function loadStateOf(status: 'pending' | 'success' | 'error'): LoadState {
  return status === 'pending' ? 'loading' : status;
}

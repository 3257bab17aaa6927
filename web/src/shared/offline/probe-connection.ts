import { onlineManager } from '@tanstack/react-query';

/**
 * Try again on an offline screen: asks the server whether it can be reached. When it answers, the app is
 * online again (also when the browser's offline flag lags behind), so paused queries run and loaders retry.
 */
export async function probeConnection(
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<boolean> {
  try {
    const response = await fetchImpl('/healthz', { cache: 'no-store' });
    if (!response.ok) return false;
  } catch {
    return false;
  }
  onlineManager.setOnline(true);
  return true;
}

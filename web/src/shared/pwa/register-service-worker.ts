/** Where the build writes the service worker (vite.config.ts, service-worker/sw.ts). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the offline service worker once the page has loaded, so its precaching never competes with the
 * first paint. Production builds only: `npm run dev` serves modules the worker knows nothing of.
 */
export function registerServiceWorker(target: Window = window): void {
  if (!import.meta.env.PROD || !('serviceWorker' in target.navigator)) return;
  const register = () =>
    void target.navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/' })
      .catch((error: unknown) => console.warn('The service worker could not be registered', error));
  if (target.document.readyState === 'complete') register();
  else target.addEventListener('load', register, { once: true });
}

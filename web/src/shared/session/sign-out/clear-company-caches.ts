/** The service worker's precache (workbox-precaching): the build's files only, never a response of the API. */
const PRECACHE = /^workbox-precache/;

const isApi = (request: Request) => new URL(request.url).pathname.startsWith('/api/');

/**
 * Drops every Cache Storage entry that may hold company data (issue 24 point 7): every cache but the
 * service worker's precache, and any /api response wherever it is. The service worker stores no API response
 * (service-worker/sw.ts); this keeps it so for caches of an older version or of a future change. Runs on every
 * sign-in and sign-out, so one user's responses are never there for the next.
 */
export async function clearCompanyCaches(
  storage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  if (!storage) return;
  for (const name of await storage.keys()) {
    if (!PRECACHE.test(name)) {
      await storage.delete(name);
      continue;
    }
    const cache = await storage.open(name);
    for (const request of await cache.keys()) if (isApi(request)) await cache.delete(request);
  }
}

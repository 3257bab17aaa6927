import { describe, expect, it } from 'vitest';
import { clearCompanyCaches } from './clear-company-caches.ts';

/** Cache Storage as the browser has it: named caches of requests (jsdom has none). */
function fakeCacheStorage(contents: Record<string, string[]>) {
  const caches = new Map(Object.entries(contents).map(([name, urls]) => [name, new Set(urls)]));
  const storage = {
    keys: async () => [...caches.keys()],
    delete: async (name: string) => caches.delete(name),
    open: async (name: string) => {
      const urls = caches.get(name) ?? new Set<string>();
      caches.set(name, urls);
      return {
        keys: async () => [...urls].map((url) => new Request(url)),
        delete: async (request: Request) => urls.delete(request.url),
      };
    },
  };
  return { storage: storage as unknown as CacheStorage, caches };
}

describe('clearCompanyCaches (sign-out, issue 24 point 7)', () => {
  it('drops every API response and every cache but the precache of the build', async () => {
    const { storage, caches } = fakeCacheStorage({
      'workbox-precache-v2-http://portal.test/': [
        'http://portal.test/assets/index-abc.js',
        'http://portal.test/?__WB_REVISION__=1',
        'http://portal.test/api/reseller/v1/companies/info',
      ],
      'api-responses': ['http://portal.test/api/user-portal/organizations/o1/devices'],
      images: ['http://portal.test/brand/lumora/icon.svg'],
    });
    await clearCompanyCaches(storage);
    expect([...caches.keys()]).toEqual(['workbox-precache-v2-http://portal.test/']);
    expect([...(caches.get('workbox-precache-v2-http://portal.test/') ?? [])]).toEqual([
      'http://portal.test/assets/index-abc.js',
      'http://portal.test/?__WB_REVISION__=1',
    ]);
  });

  it('does nothing where the browser has no Cache Storage', async () => {
    await expect(clearCompanyCaches(undefined)).resolves.toBeUndefined();
  });
});

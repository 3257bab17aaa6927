/// <reference lib="webworker" />
/**
 * The portal's service worker (issue 24 points 5 and 7; web/README "Offline and repeat visits").
 *
 * - Precache: every hashed asset of the build, the public files the pages load, and the two pages the server
 *   renders for this host: `/` (the app shell, the host brand's title) and `/login` (with the pre-rendered,
 *   brand-filled sign-in form). A repeat visit takes all of them from here without waiting for the network.
 * - Navigations: `/login` gets its pre-rendered copy, every other app route the app shell; offline too.
 * - Nothing else: `/api` (company data, the runtime config, the event stream), the manifest and the health
 *   checks go to the network untouched, so no response of one user can ever be served to another.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** Server paths that are not pages of the app. */
const NOT_APP = [/^\/api(\/|$)/, /^\/healthz$/, /^\/readyz$/, /^\/manifest\.webmanifest$/];
const LOGIN = /^\/login\/?$/;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/login'), { allowlist: [LOGIN] }));
registerRoute(new NavigationRoute(createHandlerBoundToURL('/'), { denylist: [...NOT_APP, LOGIN] }));

// The first installation takes over the open page at once, so the code it loads next is cached already.
// A new version waits until every tab of the old one is closed: an open page keeps the chunks it was built with.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

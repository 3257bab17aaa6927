import { Suspense, use } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineGate } from '@/shared/offline/OfflineGate.tsx';
import { OfflineNotice } from '@/shared/offline/OfflineNotice.tsx';
import { RouterHydrateFallback } from '../router/RouterHydrateFallback.tsx';
import { type ResolvedRouteMeta, useRouteMeta } from '../router/route-meta.ts';
import { useDocumentTitle } from '../router/use-document-title.ts';
import { PortalLayout } from './portal/PortalLayout.tsx';
import { NavigationProgress } from './shared/NavigationProgress.tsx';
import { loadSignedInLayouts, signedInLayouts } from './signed-in-layouts.ts';

/**
 * Picks the layout named by the matched route's meta (SPEC §2: default main). Offline, every page keeps what
 * it shows under 'Offline — last updated HH:mm', and a page with nothing to show says so (issue 24 point 7).
 */
export function RouteLayout() {
  const meta = useRouteMeta();
  useDocumentTitle(meta.titleKey);

  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      <OfflineNotice />
      {meta.layout === 'portal' && (
        <PortalLayout titleKey={meta.pageShowsTitle ? undefined : meta.titleKey}>
          <OfflineGate>
            <Outlet />
          </OfflineGate>
        </PortalLayout>
      )}
      {meta.layout !== 'portal' && (
        <Suspense fallback={<RouterHydrateFallback />}>
          <SignedInLayout meta={meta} />
        </Suspense>
      )}
    </>
  );
}

/** Main or internal layout, from their own chunk (normally loaded by the signed-in routes' loader already). */
function SignedInLayout({ meta }: { meta: ResolvedRouteMeta }) {
  const { MainLayout, InternalLayout } = signedInLayouts() ?? use(loadSignedInLayouts());
  const Layout = meta.layout === 'internal' ? InternalLayout : MainLayout;
  return (
    <Layout meta={meta}>
      <OfflineGate>
        <Outlet />
      </OfflineGate>
    </Layout>
  );
}

import { Suspense, use } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { RouterHydrateFallback } from '../router/RouterHydrateFallback.tsx';
import { type ResolvedRouteMeta, useRouteMeta } from '../router/route-meta.ts';
import { useDocumentTitle } from '../router/use-document-title.ts';
import { PortalLayout } from './portal/PortalLayout.tsx';
import { NavigationProgress } from './shared/NavigationProgress.tsx';
import { loadSignedInLayouts, signedInLayouts } from './signed-in-layouts.ts';

/** Picks the layout named by the matched route's meta (SPEC §2: default main). */
export function RouteLayout() {
  const meta = useRouteMeta();
  useDocumentTitle(meta.titleKey);

  return (
    <>
      <NavigationProgress />
      <ScrollRestoration />
      {meta.layout === 'portal' && (
        <PortalLayout titleKey={meta.pageShowsTitle ? undefined : meta.titleKey}>
          <Outlet />
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
      <Outlet />
    </Layout>
  );
}

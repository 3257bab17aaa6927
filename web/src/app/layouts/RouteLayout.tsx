import { Outlet, ScrollRestoration } from 'react-router';
import { useRouteMeta } from '../router/route-meta.ts';
import { useDocumentTitle } from '../router/use-document-title.ts';
import { InternalLayout } from './internal/InternalLayout.tsx';
import { MainLayout } from './main/MainLayout.tsx';
import { PortalLayout } from './portal/PortalLayout.tsx';
import { NavigationProgress } from './shared/NavigationProgress.tsx';

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
      {meta.layout === 'main' && (
        <MainLayout meta={meta}>
          <Outlet />
        </MainLayout>
      )}
      {meta.layout === 'internal' && (
        <InternalLayout meta={meta}>
          <Outlet />
        </InternalLayout>
      )}
    </>
  );
}

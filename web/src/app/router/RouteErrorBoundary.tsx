import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from '@/features/not-found/NotFoundPage.tsx';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { OfflineRouteError } from '@/shared/offline/OfflineRouteError.tsx';
import { OfflineError } from '@/shared/offline/offline-error.ts';
import { PortalLayout } from '../layouts/portal/PortalLayout.tsx';
import { useDocumentTitle } from './use-document-title.ts';

/**
 * A 404 (unknown resource or a failed role/vendor/hierarchy check) shows Not found; a page that could not load
 * offline (its data or its code) the offline screen; anything else a crash page.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  useDocumentTitle(isRouteErrorResponse(error) && error.status === 404 ? 'routes.notFound' : undefined);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PortalLayout>
        <NotFoundPage />
      </PortalLayout>
    );
  }
  if (error instanceof OfflineError || !navigator.onLine) {
    return (
      <PortalLayout>
        <OfflineRouteError />
      </PortalLayout>
    );
  }
  console.error(error);
  return (
    <PortalLayout>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h1">{t('errors.pageCrashed')}</Typography>
        <Typography color="text.secondary">{t('errors.pageCrashedDetail')}</Typography>
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" onClick={() => window.location.reload()}>
            {t('errors.retry')}
          </Button>
          <Button variant="contained" component={Link} to={pathTo(ROUTE.ROOT)} reloadDocument>
            {t('notFound.goHome')}
          </Button>
        </Stack>
      </Stack>
    </PortalLayout>
  );
}

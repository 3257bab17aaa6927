import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { incidentPagesQuery } from '@/shared/api/incidents.ts';
import { useOrganizationList } from '@/shared/api/organization-list.ts';
import { useNumberFormat } from '@/shared/i18n/use-number-format.ts';
import { UpdatedAt } from '@/shared/live/UpdatedAt.tsx';
import { useProgressiveList } from '@/shared/ui/use-progressive-list.ts';
import { IncidentFiltersBar } from './components/IncidentFiltersBar.tsx';
import { IncidentCards, IncidentTable } from './components/IncidentList.tsx';
import { IncidentTimelineDrawer } from './components/IncidentTimelineDrawer.tsx';
import { incidentCountText } from './incident-count.ts';
import {
  type FilterParam,
  hasFilters,
  parsePageFilters,
  TIMELINE_PARAM,
  toQueryFilters,
  withFilters,
  withoutFilters,
} from './incident-filters.ts';
import { useNow } from './incident-time.ts';
import { useUrlParams } from './use-url-params.ts';

const NO_CUSTOMERS: readonly OrganizationListItem[] = [];

/**
 * /incidents (issue 14, dealer only): open and recent incidents of every customer, newest first, filtered
 * through the URL, page after page. A row opens its timeline; open incidents can be acknowledged and their
 * device muted. Live changes refetch the list (shared/live).
 */
export function IncidentsPage() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const now = useNow();
  const [params, updateParams] = useUrlParams();
  const filters = useMemo(() => parsePageFilters(params), [params]);
  const options = incidentPagesQuery(toQueryFilters(filters));
  const incidents = useInfiniteQuery({ ...options, meta: { ...options.meta, hideNotification: true } });
  const customers = useOrganizationList({ hideNotification: true });
  const items = useMemo(() => incidents.data?.pages.flatMap((page) => page.items) ?? [], [incidents.data]);
  // Fifty cards at once would freeze a phone for a moment: they render in steps, as far as the reader scrolls.
  const { shown, endRef } = useProgressiveList(items);
  const openId = params.get(TIMELINE_PARAM);

  const setFilters = useCallback(
    (patch: Partial<Record<FilterParam, string | null>>) =>
      updateParams((current) => withFilters(current, patch)),
    [updateParams],
  );
  const clear = useCallback(() => updateParams(withoutFilters), [updateParams]);
  const setTimeline = useCallback(
    (id: string | null) =>
      updateParams((current) => {
        if (id) current.set(TIMELINE_PARAM, id);
        else current.delete(TIMELINE_PARAM);
        return current;
      }),
    [updateParams],
  );
  const total = incidents.data?.pages[0]?.total ?? null;
  const countText = incidentCountText(t, format, items.length, total, incidents.hasNextPage);
  const deviceName = filters.device
    ? (items.find((item) => item.deviceId === filters.device)?.deviceName ?? null)
    : null;

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <IncidentFiltersBar
        filters={filters}
        customers={customers.data ?? NO_CUSTOMERS}
        deviceName={deviceName}
        setFilters={setFilters}
        clear={clear}
      />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="body2" color="text.secondary" role="status" data-testid="incident-count">
          {incidents.isSuccess && countText}
        </Typography>
        <UpdatedAt at={incidents.dataUpdatedAt} />
      </Stack>
      {incidents.isPending && (
        <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true" aria-label={t('incidents.loading')}>
          <Stack spacing={1.5}>
            {['a', 'b', 'c', 'd', 'e'].map((key) => (
              <Skeleton key={key} variant="rounded" height={wide ? 44 : 160} />
            ))}
          </Stack>
        </Paper>
      )}
      {incidents.isError && !incidents.data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void incidents.refetch()}>
              {t('incidents.retry')}
            </Button>
          }
        >
          {t('incidents.loadFailed')}
        </Alert>
      )}
      {incidents.isSuccess && items.length === 0 && (
        <Paper variant="outlined" sx={{ py: 6, px: 2, textAlign: 'center' }}>
          <Typography variant="subtitle1" component="p">
            {t(
              hasFilters(filters)
                ? 'incidents.empty.filtered'
                : filters.state === 'open'
                  ? 'incidents.empty.open'
                  : 'incidents.empty.none',
            )}
          </Typography>
          {hasFilters(filters) && (
            <Button onClick={clear} sx={{ mt: 1 }}>
              {t('incidents.filters.clear')}
            </Button>
          )}
        </Paper>
      )}
      {shown.length > 0 && (
        <div>
          {wide ? (
            <IncidentTable incidents={shown} now={now} onOpen={setTimeline} />
          ) : (
            <IncidentCards incidents={shown} now={now} onOpen={setTimeline} />
          )}
          <div ref={endRef} />
        </div>
      )}
      {incidents.isFetchNextPageError && <Alert severity="error">{t('incidents.loadFailed')}</Alert>}
      {/* Below the list once it is all shown: while the cards render in steps it would move down each time, and
          a reader who reaches it has scrolled past every card. */}
      {incidents.hasNextPage && shown.length === items.length && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void incidents.fetchNextPage()}
            loading={incidents.isFetchingNextPage}
          >
            {t('incidents.loadMore')}
          </Button>
        </Box>
      )}
      {openId && <IncidentTimelineDrawer id={openId} now={now} onClose={() => setTimeline(null)} />}
    </Stack>
  );
}

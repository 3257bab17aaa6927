import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ListOutlined from '@mui/icons-material/ListOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PARTNER_SORTS, type Partner, type PartnerSort } from '@portal/contracts/partners';
import type { Role } from '@portal/contracts/roles';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { downloadCsv } from '@/shared/lib/download-csv.ts';
import { regionName } from '@/shared/lib/region-name.ts';
import { toast } from '@/shared/lib/toast.ts';
import { setOrDelete, useReplaceSearchParams } from '@/shared/navigation/use-replace-search-params.ts';
import { FilterSelect } from '@/shared/ui/FilterSelect.tsx';
import { useProgressiveList } from '@/shared/ui/use-progressive-list.ts';
import { getPartnerPage, type PartnerListParams, useDealersForMap, usePartnerPages } from './api/partners.ts';
import { LazyDealerMap } from './components/LazyDealerMap.tsx';
import { PartnerCards } from './components/PartnerCards.tsx';
import { PartnerTable } from './components/PartnerTable.tsx';
import { partnersCsv } from './model/csv.ts';
import { dealerMarkers } from './model/dealer-markers.ts';
import { firstOrderOf, parseListParams } from './model/list-params.ts';

/** The roles that can be below the caller: the filter's choices. */
const ROLE_CHOICES: readonly Role[] = ['region', 'disty', 'dealer'];
/** The CSV follows the cursor to the end, at most this many pages of 500. */
const CSV_MAX_PAGES = 20;

/**
 * /partners (issue 16): the companies below the caller's (HQ: all; a region: its own; a distributor: its
 * dealers) with figures summed over the dealers under each. Search, filters and sort are the server's
 * and live in the URL; "Load more" follows the cursor; every number opens the drill-down.
 */
export function PartnersPage() {
  const { t } = useTranslation();
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [searchParams] = useSearchParams();
  const replaceParams = useReplaceSearchParams();
  const params = useMemo(() => parseListParams(searchParams), [searchParams]);
  const [text, setText] = useState(params.q);
  const [now] = useState(() => Date.now());
  const [exporting, setExporting] = useState(false);
  const pages = usePartnerPages(params);
  const partners = useMemo(() => pages.data?.pages.flatMap((page) => page.items) ?? [], [pages.data]);
  // A page holds 50 partners: they mount a few at a time, in the background (issue 24, blocking time).
  const { shown, endRef } = useProgressiveList(partners);
  // The list is the default; ?view=map shows the dealers (whatever the role filter) on a map.
  const onMap = searchParams.get('view') === 'map';
  const mapDealers = useDealersForMap(params, onMap);
  const map = useMemo(() => dealerMarkers(mapDealers.data ?? []), [mapDealers.data]);

  const setParam = (name: string, value: string | undefined) =>
    replaceParams((next) => setOrDelete(next, name, value));

  // The search is sent 300 ms after typing stops, not on every key.
  useEffect(() => {
    if (text === params.q) return;
    const timer = setTimeout(() => setParam('q', text.trim() || undefined), 300);
    return () => clearTimeout(timer);
  });

  // The regions of every company below the caller, as the server lists them with each page.
  const regions = useMemo(
    () => new Map((pages.data?.pages[0]?.regions ?? []).map((region) => [region.id, regionName(t, region)])),
    [pages.data, t],
  );

  const sortBy = (sort: PartnerSort) =>
    replaceParams((next) => {
      next.set('sort', sort);
      next.set(
        'order',
        params.sort === sort ? (params.order === 'asc' ? 'desc' : 'asc') : firstOrderOf(sort),
      );
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all: Partner[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < CSV_MAX_PAGES; page += 1) {
        const answer = await getPartnerPage(params, cursor, undefined, 500);
        all.push(...answer.items);
        if (!answer.next_cursor) break;
        cursor = answer.next_cursor;
      }
      downloadCsv('partners.csv', await partnersCsv(all, t));
    } catch {
      toast.error(t('partners.csvFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', md: 'center' }, flexWrap: 'wrap' }}
        useFlexGap
      >
        <TextField
          type="search"
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('partners.search')}
          sx={{ width: { xs: '100%', md: 280 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('partners.searchLabel') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {!onMap && (
            <FilterSelect
              label={t('partners.filters.role')}
              anyLabel={t('partners.filters.allRoles')}
              value={params.role}
              options={ROLE_CHOICES.map((role) => ({ value: role, label: t(`partners.roles.${role}`) }))}
              onChange={(role) => setParam('role', role ?? undefined)}
              emptyShowsLabel
              sx={{ minWidth: 150, flex: { xs: 1, md: 'none' } }}
            />
          )}
          <FilterSelect
            label={t('partners.filters.region')}
            anyLabel={t('partners.filters.allRegions')}
            value={params.region}
            options={[
              ...[...regions].map(([id, name]) => ({ value: id, label: name })),
              ...(params.region && !regions.has(params.region)
                ? [{ value: params.region, label: params.region }]
                : []),
            ]}
            onChange={(region) => setParam('region', region ?? undefined)}
            emptyShowsLabel
            sx={{ minWidth: 150, flex: { xs: 1, md: 'none' } }}
          />
          {!wide && !onMap && (
            <FilterSelect
              label={t('partners.filters.sort')}
              value={`${params.sort} ${params.order}`}
              options={PARTNER_SORTS.flatMap((sort) =>
                (['asc', 'desc'] as const).map((order) => ({
                  value: `${sort} ${order}`,
                  label: t(`partners.sort.${order}`, { column: t(`partners.columns.${sort}`) }),
                })),
              )}
              onChange={(value) => {
                const [sort, order] = (value ?? '').split(' ');
                replaceParams((next) => {
                  next.set('sort', sort || 'name');
                  next.set('order', order || 'asc');
                });
              }}
              sx={{ minWidth: 200, flex: 1 }}
            />
          )}
        </Stack>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ ml: { md: 'auto' }, alignItems: 'center', justifyContent: 'space-between' }}
        >
          <ToggleButtonGroup
            size="small"
            exclusive
            value={onMap ? 'map' : 'list'}
            onChange={(_event, next: 'list' | 'map' | null) =>
              next && setParam('view', next === 'map' ? 'map' : undefined)
            }
            aria-label={t('partners.display.label')}
          >
            <ToggleButton value="list" sx={{ gap: 0.75, px: 1.5 }}>
              <ListOutlined fontSize="small" />
              {t('partners.display.list')}
            </ToggleButton>
            <ToggleButton value="map" sx={{ gap: 0.75, px: 1.5 }}>
              <MapOutlined fontSize="small" />
              {t('partners.display.map')}
            </ToggleButton>
          </ToggleButtonGroup>
          <Button
            startIcon={<FileDownloadOutlined />}
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={partners.length === 0}
          >
            {t('partners.csv')}
          </Button>
        </Stack>
      </Stack>

      {onMap && (
        <>
          {mapDealers.isPending && <Skeleton variant="rounded" height={wide ? 520 : 400} />}
          {mapDealers.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void mapDealers.refetch()}>
                  {t('partners.retry')}
                </Button>
              }
            >
              {t('partners.map.loadFailed')}
            </Alert>
          )}
          {mapDealers.isSuccess && (
            <>
              <Typography variant="body2" color="text.secondary" role="status" data-testid="dealer-map-count">
                {t('partners.map.count', { count: map.markers.length })}
              </Typography>
              <LazyDealerMap markers={map.markers} missing={map.missing} height={wide ? 520 : 400} />
            </>
          )}
        </>
      )}

      {!onMap && pages.isPending && <Skeleton variant="rounded" height={320} />}
      {!onMap && pages.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void pages.refetch()}>
              {t('partners.retry')}
            </Button>
          }
        >
          {t('partners.loadFailed')}
        </Alert>
      )}
      {!onMap &&
        pages.isSuccess &&
        (partners.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            {t(isFiltered(params) ? 'partners.emptyFiltered' : 'partners.empty')}
          </Typography>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" role="status" data-testid="partner-count">
              {t(pages.hasNextPage ? 'partners.countMore' : 'partners.count', { count: partners.length })}
            </Typography>
            <div>
              {wide ? (
                <PartnerTable partners={shown} params={params} now={now} onSort={sortBy} />
              ) : (
                <PartnerCards partners={shown} now={now} />
              )}
              <div ref={endRef} />
            </div>
            {pages.hasNextPage && (
              <Button
                variant="outlined"
                onClick={() => void pages.fetchNextPage()}
                loading={pages.isFetchingNextPage}
                sx={{ alignSelf: 'center' }}
              >
                {t('partners.loadMore')}
              </Button>
            )}
          </>
        ))}
    </Stack>
  );
}

const isFiltered = (params: PartnerListParams) => Boolean(params.q || params.role || params.region);

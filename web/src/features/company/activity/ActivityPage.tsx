import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCompanyInfo } from '@/shared/api/company-info.ts';
import { organizationListQuery } from '@/shared/api/organization-list.ts';
import { ApiError } from '@/shared/lib/api-error.ts';
import { downloadCsv } from '@/shared/lib/download-csv.ts';
import { toast } from '@/shared/lib/toast.ts';
import { useAccount } from '@/shared/session/use-account.ts';
import { useProgressiveList } from '@/shared/ui/use-progressive-list.ts';
import { useMembers } from '../api/get-members.ts';
import {
  type FilterParam,
  hasFilters,
  parseFilters,
  toAuditQuery,
  withFilters,
  withoutFilters,
} from './activity-filters.ts';
import { auditPagesQuery, exportAuditCsv } from './api/audit.ts';
import { ActivityFiltersBar } from './components/ActivityFiltersBar.tsx';
import { ActivityCards, ActivityTable } from './components/ActivityList.tsx';

/**
 * /my-company/activity (issue 27 item 3): the company's audit log for the owner, a member's own entries for
 * a member; newest first, filtered through the URL, page after page; the filtered range as CSV.
 */
export function ActivityPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const account = useAccount();
  const company = useCompanyInfo();
  const companyId = company.data?.id ?? '';
  const isOwner = company.data?.owner === true;
  const members = useMembers(isOwner ? companyId : undefined);
  const dealer = account?.user.role === 'dealer';
  // Only a dealer has customers to pick from; partners' entries name customers only through the URL.
  const customerList = organizationListQuery();
  const customers = useQuery({
    ...customerList,
    enabled: dealer,
    meta: { ...customerList.meta, hideNotification: true },
  });
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  const query = useMemo(() => toAuditQuery(filters), [filters]);
  const entries = useInfiniteQuery({
    ...auditPagesQuery(companyId, query),
    enabled: Boolean(companyId),
    meta: { hideNotification: true },
  });
  const items = useMemo(() => entries.data?.pages.flatMap((page) => page.items) ?? [], [entries.data]);
  const { shown, endRef } = useProgressiveList(items);
  const [exporting, setExporting] = useState(false);

  const setFilters = useCallback(
    (patch: Partial<Record<FilterParam, string | null>>) =>
      setParams((current) => withFilters(current, patch), { replace: true }),
    [setParams],
  );
  const clear = useCallback(() => setParams(withoutFilters, { replace: true }), [setParams]);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const csv = await exportAuditCsv(companyId, query);
      downloadCsv(t('activity.exportFile', { date: new Date().toISOString().slice(0, 10) }), csv);
    } catch (error) {
      // The server's reason when it gave one (too many entries: narrow the range), else a general failure.
      toast.error(
        error instanceof ApiError && error.messageKey ? t(error.messageKey) : t('activity.exportFailed'),
      );
    } finally {
      setExporting(false);
    }
  };
  const customerName =
    items.find((item) => item.organizationId === filters.organizationId)?.organizationName ?? null;
  const loading = entries.isPending && (company.isPending || Boolean(companyId));

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box>
          <Typography variant="h6" component="h2">
            {t('activity.heading')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t(isOwner ? 'activity.intro' : 'activity.memberIntro')}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          onClick={() => void exportCsv()}
          loading={exporting}
          disabled={!companyId || (entries.isSuccess && items.length === 0)}
        >
          {t('activity.export')}
        </Button>
      </Stack>
      <ActivityFiltersBar
        filters={filters}
        members={isOwner ? (members.data ?? []) : null}
        customers={dealer ? (customers.data ?? []) : null}
        customerName={customerName}
        setFilters={setFilters}
        clear={clear}
      />
      {loading && (
        <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true" aria-label={t('activity.loading')}>
          <Stack spacing={1.5}>
            {['a', 'b', 'c', 'd'].map((key) => (
              <Skeleton key={key} variant="rounded" height={wide ? 44 : 120} />
            ))}
          </Stack>
        </Paper>
      )}
      {(company.isError || (entries.isError && !entries.data)) && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void entries.refetch()}>
              {t('activity.retry')}
            </Button>
          }
        >
          {t('activity.loadFailed')}
        </Alert>
      )}
      {entries.isSuccess && items.length === 0 && (
        <Paper variant="outlined" sx={{ py: 6, px: 2, textAlign: 'center' }}>
          <Typography variant="subtitle1" component="p">
            {t(hasFilters(filters) ? 'activity.emptyFiltered' : 'activity.empty')}
          </Typography>
          {hasFilters(filters) && (
            <Button onClick={clear} sx={{ mt: 1 }}>
              {t('activity.filters.clear')}
            </Button>
          )}
        </Paper>
      )}
      {shown.length > 0 && (
        <div>
          {wide ? (
            <ActivityTable entries={shown} onCustomer={(id) => setFilters({ organizationId: id })} />
          ) : (
            <ActivityCards entries={shown} onCustomer={(id) => setFilters({ organizationId: id })} />
          )}
          <div ref={endRef} />
        </div>
      )}
      {entries.isFetchNextPageError && <Alert severity="error">{t('activity.loadFailed')}</Alert>}
      {entries.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void entries.fetchNextPage()}
            loading={entries.isFetchingNextPage}
          >
            {t('activity.loadMore')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

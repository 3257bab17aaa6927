import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useOrganizationList } from '@/shared/api/organization-list.ts';
import { UpdatedAt } from '@/shared/live/UpdatedAt.tsx';
import { useViewMode } from '@/shared/navigation/view-mode.ts';
import { useCustomerMatches } from './api/get-customer-matches.ts';
import {
  parseCustomerSelection,
  selectionLabel,
  withoutCustomerFilter,
} from './list/customer-list-filter.ts';
import { filterOrganizations } from './list/filter-organizations.ts';
import { OrganizationCardGrid } from './list/OrganizationCardGrid.tsx';
import { OrganizationMapView } from './list/OrganizationMapView.tsx';
import { useSearchParamText } from './shared/use-search-param-text.ts';

/** /account, 'My customer' (SPEC §2): search by name or reference, cards or a map of the sites. */
export function OrganizationListPage() {
  const { t } = useTranslation();
  const [viewMode] = useViewMode();
  const [query, setQuery] = useSearchParamText();
  const deferredQuery = useDeferredValue(query);
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => parseCustomerSelection(params), [params]);
  const organizations = useOrganizationList();
  // The cards render from a deferred copy of the list: React renders them in the background in short slices
  // (a phone's CPU is not blocked while a page of cards mounts), the skeletons showing meanwhile.
  const list = useDeferredValue(organizations.data);
  const matches = useCustomerMatches(selection);
  const { filtered, matched } = useMemo(() => {
    const searched = filterOrganizations(list ?? [], deferredQuery);
    if (!selection) return { filtered: searched, matched: 0 };
    // The customers holding what the dashboard number counted, each with its own count.
    const counts = new Map(matches.data?.items.map((item) => [item.organizationId, item.count]));
    const shown = searched.filter((item) => counts.has(item.id));
    return { filtered: shown, matched: shown.reduce((sum, item) => sum + (counts.get(item.id) ?? 0), 0) };
  }, [list, deferredQuery, selection, matches.data]);
  // Until the first list has rendered; a refetch keeps the cards on screen while the new ones render.
  const loading =
    organizations.isPending ||
    (list === undefined && organizations.data !== undefined) ||
    (selection !== null && matches.isPending);
  const failed = organizations.isError || (selection !== null && matches.isError);

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <TextField
          type="search"
          size="small"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('customers.list.search')}
          sx={{ width: { xs: '100%', sm: 360 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('customers.list.searchLabel') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {selection && (
          <Chip
            label={t(`customers.list.filters.${selectionLabel(selection)}`)}
            onDelete={() => setParams((current) => withoutCustomerFilter(current), { replace: true })}
            title={t('customers.list.filters.clear')}
            sx={{ mr: 'auto' }}
          />
        )}
        {!loading && !failed && (
          <Stack sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
            <Typography variant="body2" color="text.secondary" role="status" data-testid="customer-count">
              {selection && matches.data
                ? t(`customers.list.matchCount.${matches.data.unit}`, {
                    count: matched,
                    customers: t('customers.list.count', { count: filtered.length }),
                  })
                : t('customers.list.count', { count: filtered.length })}
            </Typography>
            <UpdatedAt at={organizations.dataUpdatedAt} />
          </Stack>
        )}
      </Stack>

      {loading && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
          {['a', 'b', 'c', 'd', 'e', 'f'].map((placeholder) => (
            <Skeleton key={placeholder} variant="rounded" height={160} />
          ))}
        </Box>
      )}
      {failed && <Alert severity="error">{t('customers.detail.loadFailed')}</Alert>}
      {!loading &&
        !failed &&
        list &&
        (filtered.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            {t(list.length === 0 ? 'customers.list.none' : 'customers.list.empty')}
          </Typography>
        ) : viewMode === 'mapMode' ? (
          <OrganizationMapView organizations={filtered} />
        ) : (
          <OrganizationCardGrid organizations={filtered} />
        ))}
    </Stack>
  );
}

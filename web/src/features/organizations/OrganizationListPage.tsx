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
import { useViewMode } from '../../navigation/view-mode.ts';
import { useOrganizations } from './api/get-organizations.ts';
import {
  matchesCustomerFilter,
  parseCustomerFilter,
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
  const linkFilter = parseCustomerFilter(params);
  const organizations = useOrganizations();
  const filtered = useMemo(() => {
    const searched = filterOrganizations(organizations.data ?? [], deferredQuery);
    return linkFilter ? searched.filter((item) => matchesCustomerFilter(item, linkFilter)) : searched;
  }, [organizations.data, deferredQuery, linkFilter]);

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
        {linkFilter && (
          <Chip
            label={t(`customers.list.filters.${linkFilter}`)}
            onDelete={() => setParams((current) => withoutCustomerFilter(current), { replace: true })}
            title={t('customers.list.filters.clear')}
            sx={{ mr: 'auto' }}
          />
        )}
        {organizations.data && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('customers.list.count', { count: filtered.length })}
          </Typography>
        )}
      </Stack>

      {organizations.isPending && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
          {['a', 'b', 'c', 'd', 'e', 'f'].map((placeholder) => (
            <Skeleton key={placeholder} variant="rounded" height={160} />
          ))}
        </Box>
      )}
      {organizations.isError && <Alert severity="error">{t('customers.detail.loadFailed')}</Alert>}
      {organizations.data &&
        (filtered.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            {t(organizations.data.length === 0 ? 'customers.list.none' : 'customers.list.empty')}
          </Typography>
        ) : viewMode === 'mapMode' ? (
          <OrganizationMapView organizations={filtered} />
        ) : (
          <OrganizationCardGrid organizations={filtered} />
        ))}
    </Stack>
  );
}

import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { ScopedLink } from '@/shared/navigation/scoped-link.tsx';
import { useViewMode } from '@/shared/navigation/view-mode.ts';
import { TOUCH_MEDIA, TOUCH_TARGET } from '@/shared/theme/touch.ts';
import { useSites } from '../../api/get-sites.ts';
import { LazySitesMap } from '../../shared/LazySitesMap.tsx';

/** The customer's sites as cards or on a map (?view=mapMode); each card links to its devices. */
export function SitesSection({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const sites = useSites(orgId);
  const [mode, setMode] = useViewMode();

  return (
    <Box component="section" aria-labelledby="customer-sites" aria-busy={sites.isPending || undefined}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <Typography id="customer-sites" variant="h2" sx={{ fontSize: '1.1rem' }}>
          {sites.data
            ? t('customers.overview.sitesCount', { count: sites.data.length })
            : t('customers.overview.sites')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_event, next) => next && setMode(next)}
          aria-label={t('viewMode.label')}
        >
          <ToggleButton value="cardMode" aria-label={t('viewMode.cardMode')}>
            <GridViewOutlined fontSize="small" />
          </ToggleButton>
          <ToggleButton value="mapMode" aria-label={t('viewMode.mapMode')}>
            <MapOutlined fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {sites.isPending && <Skeleton variant="rounded" height={120} />}
      {sites.isError && <Alert severity="warning">{t('customers.overview.sitesLoadFailed')}</Alert>}
      {sites.data && sites.data.length === 0 && (
        <Typography color="text.secondary">{t('customers.overview.noSites')}</Typography>
      )}
      {sites.data &&
        sites.data.length > 0 &&
        (mode === 'mapMode' ? (
          <LazySitesMap sites={sites.data} height={420} />
        ) : (
          <Box
            role="list"
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
          >
            {sites.data.map((site) => (
              <Card
                key={site.id}
                role="listitem"
                variant="outlined"
                sx={{ p: 1.5, display: 'flex', gap: 1.25, alignItems: 'flex-start' }}
              >
                <Box
                  aria-hidden="true"
                  sx={{
                    mt: 0.75,
                    // Beside the first line of the name, which is a 44 px link on touch screens.
                    [TOUCH_MEDIA]: { mt: '17px' },
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    flexShrink: 0,
                    bgcolor: site.hasDeviceError ? 'error.main' : 'success.main',
                  }}
                />
                <Box sx={{ minWidth: 0 }}>
                  <Typography
                    component={ScopedLink}
                    to={`${pathTo(ROUTE.ORGANIZATION_DETAIL_DEVICE, { orgId })}?site=${encodeURIComponent(site.id)}`}
                    variant="subtitle2"
                    sx={{
                      color: 'text.primary',
                      textDecoration: 'none',
                      '&:hover': { textDecoration: 'underline' },
                      [TOUCH_MEDIA]: { display: 'flex', alignItems: 'center', minHeight: TOUCH_TARGET },
                    }}
                  >
                    {site.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {site.address || t('customers.overview.siteAddressMissing')}
                  </Typography>
                  <Typography variant="caption" color={site.hasDeviceError ? 'error' : 'success.main'}>
                    {t(site.hasDeviceError ? 'customers.map.siteError' : 'customers.map.siteOk')}
                  </Typography>
                </Box>
              </Card>
            ))}
          </Box>
        ))}
    </Box>
  );
}

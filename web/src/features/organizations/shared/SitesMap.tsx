import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Popup } from 'react-leaflet';
import { ScopedLink as RouterLink } from '@/shared/navigation/scoped-link.tsx';
import { BaseMap, FitToPoints } from '@/shared/ui/map/BaseMap.tsx';
import { ClusteredSites } from './map/ClusteredSites.tsx';

export interface MapSite {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  hasDeviceError: boolean;
  /** A second line in the popup, e.g. the customer's name. */
  caption?: string;
  /** Where the popup's link goes. */
  href?: string;
}

type Located = MapSite & { latitude: number; longitude: number };
const located = (site: MapSite): site is Located => site.latitude !== null && site.longitude !== null;

/**
 * Sites on a Leaflet map. Tiles come from the runtime config (`map.tileUrl`, `map.attribution`); under them
 * lie bundled country outlines and the markers are vector circles, so the map still shows where things are
 * when no tile can load (offline machines, air-gapped sites, blocked tile servers). Close sites are clustered.
 * Red: a device at the site is offline or abnormal.
 */
export function SitesMap({ sites, height = 480 }: { sites: readonly MapSite[]; height?: number | string }) {
  const { t } = useTranslation();
  const points = useMemo(() => sites.filter(located), [sites]);
  const missing = sites.length - points.length;

  return (
    <Box>
      <BaseMap
        label={t('customers.map.label')}
        height={height}
        sx={{
          '& .site-cluster': {
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            border: '3px solid',
            borderColor: 'background.paper',
            boxShadow: 2,
            fontSize: '0.75rem',
            fontWeight: 700,
          },
          '& .site-cluster-issues': { borderColor: 'error.main' },
        }}
      >
        <FitToPoints points={points} />
        <ClusteredSites points={points} renderPoint={(site) => <SiteMarker key={site.id} site={site} />} />
      </BaseMap>
      {missing > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('customers.map.noLocation', { count: missing })}
        </Typography>
      )}
    </Box>
  );
}

function SiteMarker({ site }: { site: Located }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const color = site.hasDeviceError ? theme.palette.error.main : theme.palette.success.main;
  return (
    <CircleMarker
      center={[site.latitude, site.longitude]}
      radius={9}
      pathOptions={{ color: theme.palette.common.white, weight: 2, fillColor: color, fillOpacity: 0.95 }}
    >
      <Popup>
        <Typography variant="subtitle2" component="p" sx={{ m: 0 }}>
          {site.name}
        </Typography>
        {site.caption && (
          <Typography variant="body2" color="text.secondary" component="p" sx={{ m: 0 }}>
            {site.caption}
          </Typography>
        )}
        <Typography variant="caption" color={site.hasDeviceError ? 'error' : 'success'} component="p">
          {t(site.hasDeviceError ? 'customers.map.siteError' : 'customers.map.siteOk')}
        </Typography>
        {site.href && (
          <Link component={RouterLink} to={site.href} variant="body2">
            {t('customers.map.openCustomer')}
          </Link>
        )}
      </Popup>
    </CircleMarker>
  );
}

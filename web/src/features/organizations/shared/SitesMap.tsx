import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'react-leaflet';
import { ScopedLink as RouterLink } from '@/shared/navigation/scoped-link.tsx';
import { PlacesMap, StatusMarker } from '@/shared/ui/map/PlacesMap.tsx';
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

/** Close sites are clustered into a circle with their count; its ring turns red when one has a problem. */
const clusterStyles: SxProps<Theme> = {
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
};

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
    <PlacesMap
      label={t('customers.map.label')}
      height={height}
      sx={clusterStyles}
      points={points}
      notShown={missing > 0 ? t('customers.map.noLocation', { count: missing }) : null}
    >
      <ClusteredSites points={points} renderPoint={(site) => <SiteMarker key={site.id} site={site} />} />
    </PlacesMap>
  );
}

function SiteMarker({ site }: { site: Located }) {
  const { t } = useTranslation();
  return (
    <StatusMarker point={site} radius={9} troubled={site.hasDeviceError}>
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
    </StatusMarker>
  );
}

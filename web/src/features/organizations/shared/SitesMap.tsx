import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type LatLngBoundsExpression, latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { useRuntimeConfig } from '@/shared/config/RuntimeConfigContext.tsx';
import { ScopedLink as RouterLink } from '@/shared/navigation/scoped-link.tsx';
import { ClusteredSites } from './map/ClusteredSites.tsx';
import { WorldBasemap } from './map/WorldBasemap.tsx';

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

/** Without sites the map shows the whole world. */
const WORLD: LatLngBoundsExpression = [
  [-50, -150],
  [65, 160],
];

function FitToSites({ sites }: { sites: readonly Located[] }) {
  const map = useMap();
  // Refit only when the set of sites changes, not on every render that rebuilds the array.
  const key = sites.map((site) => site.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `sites`
  useEffect(() => {
    if (sites.length === 0) {
      map.fitBounds(WORLD);
      return;
    }
    const bounds = latLngBounds(sites.map((site) => [site.latitude, site.longitude]));
    map.fitBounds(bounds, { padding: [40, 40], maxZoom: 13 });
  }, [map, key]);
  return null;
}

/**
 * Sites on a Leaflet map. Tiles come from the runtime config (`map.tileUrl`, `map.attribution`); under them
 * lie bundled country outlines and the markers are vector circles, so the map still shows where things are
 * when no tile can load (offline machines, air-gapped sites, blocked tile servers). Close sites are clustered.
 * Red: a device at the site is offline or abnormal.
 */
export function SitesMap({ sites, height = 480 }: { sites: readonly MapSite[]; height?: number | string }) {
  const { t } = useTranslation();
  const { map } = useRuntimeConfig();
  const theme = useTheme();
  const points = useMemo(() => sites.filter(located), [sites]);
  const missing = sites.length - points.length;

  return (
    <Box>
      <Box
        role="region"
        aria-label={t('customers.map.label')}
        sx={{
          height,
          borderRadius: 2,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          // The sea where no tile loaded; the bundled outlines draw the land over it.
          '& .leaflet-container': {
            height: '100%',
            bgcolor: '#dfe8f1',
            fontFamily: 'inherit',
            ...theme.applyStyles('dark', { bgcolor: '#0b1826' }),
          },
          '& .world-land': {
            fill: '#f7f8fa',
            stroke: '#a9b4c2',
            ...theme.applyStyles('dark', { fill: '#1f2936', stroke: '#3d4a5c' }),
          },
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
          // Leaflet's attribution (#0078A8 on 80 % white) fails AA contrast over the dark scheme's map.
          '& .leaflet-control-attribution': { bgcolor: 'background.paper', color: 'text.secondary' },
          '& .leaflet-control-attribution a': { color: 'primary.main', textDecoration: 'underline' },
          '& .leaflet-popup-content-wrapper, & .leaflet-popup-tip': {
            bgcolor: 'background.paper',
            color: 'text.primary',
          },
        }}
      >
        <MapContainer bounds={WORLD} scrollWheelZoom={false} worldCopyJump>
          <WorldBasemap />
          <TileLayer url={map.tileUrl} attribution={map.attribution} />
          <FitToSites sites={points} />
          <ClusteredSites points={points} renderPoint={(site) => <SiteMarker key={site.id} site={site} />} />
        </MapContainer>
      </Box>
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

import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type LatLngBoundsExpression, latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { Link as RouterLink } from 'react-router';
import { useRuntimeConfig } from '../../../config/RuntimeConfigContext.tsx';

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
 * Sites on a Leaflet map. Tiles come from the runtime config (`map.tileUrl`, `map.attribution`); markers are
 * vector circles, so they show even when no tile can load (offline machines, blocked tile servers).
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
          // What shows where tiles are missing: calm in both schemes instead of Leaflet's grey.
          '& .leaflet-container': { height: '100%', bgcolor: 'action.hover', fontFamily: 'inherit' },
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
          <TileLayer url={map.tileUrl} attribution={map.attribution} />
          <FitToSites sites={points} />
          {points.map((site) => {
            const color = site.hasDeviceError ? theme.palette.error.main : theme.palette.success.main;
            return (
              <CircleMarker
                key={site.id}
                center={[site.latitude, site.longitude]}
                radius={9}
                pathOptions={{
                  color: theme.palette.common.white,
                  weight: 2,
                  fillColor: color,
                  fillOpacity: 0.95,
                }}
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
                  <Typography
                    variant="caption"
                    color={site.hasDeviceError ? 'error' : 'success'}
                    component="p"
                  >
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
          })}
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

import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import { type SxProps, type Theme, useTheme } from '@mui/material/styles';
import { type LatLngBoundsExpression, latLngBounds } from 'leaflet';
import { type ReactNode, useEffect } from 'react';
import { MapContainer, TileLayer, useMap } from 'react-leaflet';
import { useRuntimeConfig } from '@/shared/config/RuntimeConfigContext.tsx';
import { TOUCH_MEDIA, TOUCH_TARGET } from '@/shared/theme/touch.ts';
import { WorldBasemap } from './WorldBasemap.tsx';

/** Without points the map shows the whole world. */
export const WORLD_BOUNDS: LatLngBoundsExpression = [
  [-50, -150],
  [65, 160],
];

export interface GeoPoint {
  id: string;
  latitude: number;
  longitude: number;
}

/** Fits the map to the points (the world without any); refits only when the set of points changes. */
export function FitToPoints({ points }: { points: readonly GeoPoint[] }) {
  const map = useMap();
  const key = points.map((point) => point.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `points`
  useEffect(() => {
    if (points.length === 0) {
      map.fitBounds(WORLD_BOUNDS);
      return;
    }
    const bounds = latLngBounds(points.map((point) => [point.latitude, point.longitude]));
    map.fitBounds(bounds, { padding: [40, 40], maxZoom: 13 });
  }, [map, key]);
  return null;
}

/**
 * A Leaflet map as the portal draws it: tiles from the runtime config (`map.tileUrl`, `map.attribution`)
 * over bundled country outlines (WorldBasemap), so the map still shows where things are when no tile can
 * load; colours follow the colour scheme. `children` are the map's layers (markers, FitToPoints, …);
 * `sx` adds styles for them (e.g. cluster icons).
 */
export function BaseMap({
  label,
  height,
  sx,
  children,
}: {
  /** The accessible name of the map's region. */
  label: string;
  height: number | string;
  sx?: SxProps<Theme>;
  children?: ReactNode;
}) {
  const { map } = useRuntimeConfig();
  const theme = useTheme();
  return (
    <Box
      role="region"
      aria-label={label}
      sx={[
        {
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
          '& .world-border': {
            stroke: '#c3ccd7',
            strokeDasharray: '3 2',
            ...theme.applyStyles('dark', { stroke: '#344152' }),
          },
          // Leaflet's attribution (#0078A8 on 80 % white) fails AA contrast over the dark scheme's map.
          '& .leaflet-control-attribution': { bgcolor: 'background.paper', color: 'text.secondary' },
          '& .leaflet-control-attribution a': { color: 'primary.main', textDecoration: 'underline' },
          // Leaflet's zoom buttons are 30 px (34 with its own touch styles): 44 px for a finger.
          [TOUCH_MEDIA]: {
            '& .leaflet-bar.leaflet-control-zoom a': {
              width: TOUCH_TARGET,
              height: TOUCH_TARGET,
              lineHeight: `${TOUCH_TARGET}px`,
            },
          },
          '& .leaflet-popup-content-wrapper, & .leaflet-popup-tip': {
            bgcolor: 'background.paper',
            color: 'text.primary',
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <MapContainer bounds={WORLD_BOUNDS} scrollWheelZoom={false} worldCopyJump>
        <WorldBasemap />
        <TileLayer url={map.tileUrl} attribution={map.attribution} />
        {children}
      </MapContainer>
    </Box>
  );
}

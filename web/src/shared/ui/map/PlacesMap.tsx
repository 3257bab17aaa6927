import Box from '@mui/material/Box';
import { type SxProps, type Theme, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CircleMarker } from 'react-leaflet';
import { BaseMap, FitToPoints, type GeoPoint } from './BaseMap.tsx';

/**
 * Places on a map fitted to them (sites, dealers), and under it, when some have no known location, the
 * sentence that says how many the map leaves out.
 */
export function PlacesMap({
  label,
  height,
  sx,
  points,
  notShown,
  children,
}: {
  label: string;
  height: number | string;
  sx?: SxProps<Theme>;
  /** The places the map shows and fits itself to. */
  points: readonly GeoPoint[];
  /** How many places have no location, in words; null when there are none. */
  notShown: string | null;
  children: ReactNode;
}) {
  return (
    <Box>
      <BaseMap label={label} height={height} {...(sx ? { sx } : {})}>
        <FitToPoints points={points} />
        {children}
      </BaseMap>
      {notShown && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {notShown}
        </Typography>
      )}
    </Box>
  );
}

/** A place's marker: a white-ringed circle, red when something there needs attention, else green. */
export function StatusMarker({
  point,
  radius,
  troubled,
  children,
}: {
  point: GeoPoint;
  radius: number;
  troubled: boolean;
  children: ReactNode;
}) {
  const theme = useTheme();
  const color = troubled ? theme.palette.error.main : theme.palette.success.main;
  return (
    <CircleMarker
      center={[point.latitude, point.longitude]}
      radius={radius}
      pathOptions={{ color: theme.palette.common.white, weight: 2, fillColor: color, fillOpacity: 0.95 }}
    >
      {children}
    </CircleMarker>
  );
}

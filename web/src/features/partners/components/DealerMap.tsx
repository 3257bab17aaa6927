import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Popup } from 'react-leaflet';
import { Link as RouterLink } from 'react-router';
import { BaseMap, FitToPoints } from '@/shared/ui/map/BaseMap.tsx';
import type { DealerMarker } from '../model/dealer-markers.ts';
import { useNumberFormat } from '../model/format.ts';

/**
 * The dealers on a Leaflet map, each where its customers' sites are on average. Red: the dealer has open
 * incidents. The popup gives its name, open incidents and healthy share, with a link to its scorecard.
 */
export function DealerMap({
  markers,
  missing,
  height = 520,
}: {
  markers: readonly DealerMarker[];
  missing: number;
  height?: number | string;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <BaseMap label={t('partners.map.label')} height={height}>
        <FitToPoints points={markers} />
        {markers.map((marker) => (
          <DealerPin key={marker.id} marker={marker} />
        ))}
      </BaseMap>
      {missing > 0 && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('partners.map.noLocation', { count: missing })}
        </Typography>
      )}
    </Box>
  );
}

function DealerPin({ marker }: { marker: DealerMarker }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const number = useNumberFormat();
  const troubled = marker.openIncidents > 0;
  const color = troubled ? theme.palette.error.main : theme.palette.success.main;
  return (
    <CircleMarker
      center={[marker.latitude, marker.longitude]}
      radius={10}
      pathOptions={{ color: theme.palette.common.white, weight: 2, fillColor: color, fillOpacity: 0.95 }}
    >
      <Popup>
        <Typography variant="subtitle2" component="p" sx={{ m: 0 }}>
          {marker.name}
        </Typography>
        <Typography variant="body2" component="p" color={troubled ? 'error' : 'text.secondary'} sx={{ m: 0 }}>
          {t('partners.map.openIncidents', { value: number(marker.openIncidents) })}
        </Typography>
        <Typography variant="body2" component="p" color="text.secondary" sx={{ m: 0, mb: 0.5 }}>
          {t('partners.map.healthy', {
            value: marker.healthyPercent === null ? '—' : `${marker.healthyPercent.toFixed(1)}%`,
          })}
        </Typography>
        <Link component={RouterLink} to={marker.href} variant="body2">
          {t('partners.map.openScorecard', { name: marker.name })}
        </Link>
      </Popup>
    </CircleMarker>
  );
}

import Link from '@mui/material/Link';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Popup, Tooltip } from 'react-leaflet';
import { Link as RouterLink } from 'react-router';
import { useNumberFormat } from '@/shared/i18n/use-number-format.ts';
import { PlacesMap, StatusMarker } from '@/shared/ui/map/PlacesMap.tsx';
import type { DealerMarker } from '../model/dealer-markers.ts';

/**
 * The dealers on a Leaflet map, each at its office (else its region's centre), labelled with its name. Red:
 * the dealer has open incidents. The popup gives its name, open incidents and healthy share, with a link to
 * its scorecard.
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
    <PlacesMap
      label={t('partners.map.label')}
      height={height}
      sx={labelStyles}
      points={markers}
      notShown={missing > 0 ? t('partners.map.noLocation', { count: missing }) : null}
    >
      {markers.map((marker) => (
        <DealerPin key={marker.id} marker={marker} />
      ))}
    </PlacesMap>
  );
}

/** The name beside each marker, in the page's colours so it reads on the light and the dark basemap. */
const labelStyles: SxProps<Theme> = {
  '& .leaflet-tooltip.dealer-label': {
    bgcolor: 'background.paper',
    color: 'text.primary',
    borderColor: 'divider',
    boxShadow: 1,
    fontSize: 12,
    fontWeight: 600,
    px: 0.75,
    py: 0.25,
    whiteSpace: 'nowrap',
  },
  '& .leaflet-tooltip-right.dealer-label::before': { borderRightColor: 'divider' },
  '& .leaflet-tooltip-left.dealer-label::before': { borderLeftColor: 'divider' },
};

function DealerPin({ marker }: { marker: DealerMarker }) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const troubled = marker.openIncidents > 0;
  return (
    <StatusMarker point={marker} radius={10} troubled={troubled}>
      {/* auto: left of the marker in the map's east half, so a name at the edge stays on the map. */}
      <Tooltip permanent direction="auto" offset={[10, 0]} className="dealer-label">
        {marker.name}
      </Tooltip>
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
    </StatusMarker>
  );
}

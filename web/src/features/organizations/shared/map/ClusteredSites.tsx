import type { LatLngBounds, Map as LeafletMap } from 'leaflet';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import { numberFormat } from '@/shared/i18n/intl-formats.ts';
import { clusterIcon } from './cluster-icon.ts';

export interface ClusterPoint {
  id: string;
  latitude: number;
  longitude: number;
  hasDeviceError: boolean;
}

interface ClusterProperties {
  /** Sites with device issues in the cluster. */
  issues: number;
}

/** Cluster radius in px: close sites merge until zoomed in far enough to tell them apart. */
const CLUSTER_RADIUS = 64;
/** Past this zoom every site is its own marker (a street block). */
const CLUSTER_MAX_ZOOM = 15;

interface View {
  bbox: [number, number, number, number];
  zoom: number;
}

function viewOf(map: LeafletMap): View {
  const bounds: LatLngBounds = map.getBounds();
  return {
    bbox: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    zoom: Math.round(map.getZoom()),
  };
}

/**
 * Points on the map grouped by supercluster for the current view: a numbered circle per cluster (click to
 * zoom into it) and `renderPoint` for every site on its own. Only what is in view is rendered.
 */
export function ClusteredSites<T extends ClusterPoint>({
  points,
  renderPoint,
}: {
  points: readonly T[];
  renderPoint: (point: T) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const map = useMap();
  const [view, setView] = useState(() => viewOf(map));
  useMapEvents({ moveend: () => setView(viewOf(map)) });

  const index = useMemo(() => {
    const clusters = new Supercluster<{ point: T }, ClusterProperties>({
      radius: CLUSTER_RADIUS,
      maxZoom: CLUSTER_MAX_ZOOM,
      map: (properties) => ({ issues: properties.point.hasDeviceError ? 1 : 0 }),
      reduce: (accumulated, properties) => {
        accumulated.issues += properties.issues;
      },
    });
    clusters.load(
      points.map((point) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [point.longitude, point.latitude] },
        properties: { point },
      })),
    );
    return clusters;
  }, [points]);

  const format = numberFormat(i18n.language);

  return index.getClusters(view.bbox, view.zoom).map((feature) => {
    const properties = feature.properties;
    if (!('cluster' in properties)) return renderPoint(properties.point);
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const count = properties.point_count;
    const { issues } = properties;
    const title =
      issues > 0
        ? t('customers.map.clusterWithIssues', { count, issues })
        : t('customers.map.cluster', { count });
    return (
      <Marker
        key={`cluster-${properties.cluster_id}`}
        position={[latitude, longitude]}
        icon={clusterIcon(count, format.format(count), issues > 0)}
        title={title}
        eventHandlers={{
          click: () => {
            const zoom = Math.min(index.getClusterExpansionZoom(properties.cluster_id), map.getMaxZoom());
            map.setView([latitude, longitude], zoom);
          },
        }}
      />
    );
  });
}

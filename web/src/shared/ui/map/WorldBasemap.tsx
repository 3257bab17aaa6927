import type { FeatureCollection, MultiLineString } from 'geojson';
import { useEffect, useState } from 'react';
import { GeoJSON, Pane, useMap, useMapEvents } from 'react-leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries from 'world-atlas/countries-110m.json';
import { unwrapLongitudes } from './unwrap-longitudes.ts';

/** Natural Earth 1:110m country outlines (world-atlas, ~108 KB of TopoJSON, ~35 KB gzip), in the map's chunk. */
const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
const WORLD: FeatureCollection = unwrapLongitudes(feature(topology, topology.objects.countries));

/** Leaflet's tile pane sits at z-index 200: the outlines lie under the tiles, over the container's water. */
const BASEMAP_Z_INDEX = 150;

/**
 * From this zoom on (a country or a few states across the map) the 1:110m outlines say nothing: the detailed
 * ones (1:50m countries, U.S. state borders) are loaded, once, and drawn instead.
 */
export const DETAIL_ZOOM = 3;

interface DetailedOutlines {
  countries: FeatureCollection;
  stateBorders: MultiLineString;
}

/** The detailed outlines once the map has been zoomed to DETAIL_ZOOM or closer; null before. */
function useDetailedOutlines(): DetailedOutlines | null {
  const map = useMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  const [outlines, setOutlines] = useState<DetailedOutlines | null>(null);
  useMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const wanted = zoom >= DETAIL_ZOOM;
  useEffect(() => {
    if (!wanted || outlines) return;
    let live = true;
    void import('./detailed-outlines.ts').then((module) => {
      if (live) setOutlines({ countries: module.COUNTRIES_50M, stateBorders: module.US_STATE_BORDERS });
    });
    return () => {
      live = false;
    };
  }, [wanted, outlines]);
  return outlines;
}

/**
 * The countries and coastlines drawn from bundled data, so the map still shows where sites are when no tile
 * loads (air-gapped sites, blocked tile servers): 1:110m for the world, 1:50m countries and the U.S. state
 * borders when zoomed in (loaded lazily). Loaded tiles cover it; colours come from CSS (`.world-land`,
 * `.world-border`) so they follow the colour scheme.
 */
export function WorldBasemap() {
  const detailed = useDetailedOutlines();
  return (
    <Pane name="world-basemap" style={{ zIndex: BASEMAP_Z_INDEX }}>
      <GeoJSON
        key={detailed ? 'detailed' : 'world'}
        data={detailed?.countries ?? WORLD}
        interactive={false}
        style={{ className: 'world-land', weight: 0.8, fillOpacity: 1 }}
      />
      {detailed && (
        <GeoJSON
          data={detailed.stateBorders}
          interactive={false}
          style={{ className: 'world-border', weight: 0.6, fill: false }}
        />
      )}
    </Pane>
  );
}

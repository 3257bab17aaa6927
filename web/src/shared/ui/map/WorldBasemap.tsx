import type { FeatureCollection } from 'geojson';
import { GeoJSON, Pane } from 'react-leaflet';
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
 * The countries and coastlines drawn from bundled data, so the map still shows where sites are when no tile
 * loads (air-gapped sites, blocked tile servers). Loaded tiles cover it; colours come from CSS (`.world-land`)
 * so they follow the colour scheme.
 */
export function WorldBasemap() {
  return (
    <Pane name="world-basemap" style={{ zIndex: BASEMAP_Z_INDEX }}>
      <GeoJSON
        data={WORLD}
        interactive={false}
        style={{ className: 'world-land', weight: 0.8, fillOpacity: 1 }}
      />
    </Pane>
  );
}

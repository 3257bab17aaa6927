import type { FeatureCollection, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import states from 'us-atlas/states-10m.json';
import countries from 'world-atlas/countries-50m.json';
import { unwrapLongitudes } from './unwrap-longitudes.ts';

/**
 * The outlines a map shows once it is zoomed to a country or a few states (WorldBasemap loads this module
 * lazily, in a chunk of its own): Natural Earth 1:50m countries (world-atlas) and the borders between the
 * U.S. states (us-atlas, Census Bureau 1:10m). At that zoom the 1:110m outlines are a few straight lines.
 */
const countryTopology = countries as unknown as Topology<{ countries: GeometryCollection }>;
export const COUNTRIES_50M: FeatureCollection = unwrapLongitudes(
  feature(countryTopology, countryTopology.objects.countries),
);

const stateTopology = states as unknown as Topology<{ states: GeometryCollection }>;
/** Only the borders between two states: coasts and national borders come from the country outlines. */
export const US_STATE_BORDERS: MultiLineString = mesh(
  stateTopology,
  stateTopology.objects.states,
  (a, b) => a !== b,
);

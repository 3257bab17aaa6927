import type { FeatureCollection, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import countries from 'world-atlas/countries-110m.json';
import { unwrapLongitudes } from './unwrap-longitudes.ts';

const rings = (collection: FeatureCollection): Position[][] =>
  collection.features.flatMap((item) => {
    const geometry = item.geometry;
    if (geometry.type === 'Polygon') return geometry.coordinates;
    if (geometry.type === 'MultiPolygon') return geometry.coordinates.flat();
    return [];
  });
const jumps = (collection: FeatureCollection) =>
  rings(collection).filter((ring) =>
    ring.some((point, index) => index > 0 && Math.abs(point[0]! - ring[index - 1]![0]!) > 180),
  ).length;

describe('unwrapLongitudes', () => {
  it('leaves no ring of the bundled world crossing the whole map (Russia, Fiji, Antarctica)', () => {
    const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
    const world = feature(topology, topology.objects.countries);
    expect(jumps(world)).toBeGreaterThan(0);
    expect(jumps(unwrapLongitudes(world))).toBe(0);
  });

  it('shifts the points after a jump by 360° and keeps latitudes', () => {
    const ring = [
      [179, 10],
      [-179, 10],
      [-179, 12],
      [179, 12],
      [179, 10],
    ];
    const collection: FeatureCollection<Polygon> = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }],
    };
    const [unwrapped] = rings(unwrapLongitudes(collection));
    expect(unwrapped).toEqual([
      [179, 10],
      [181, 10],
      [181, 12],
      [179, 12],
      [179, 10],
    ]);
  });
});

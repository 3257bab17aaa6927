import type { FeatureCollection, Position } from 'geojson';

/**
 * Natural Earth cuts Russia, Fiji and Antarctica at the antimeridian inside one ring, so a ring jumps from
 * +180° to −180°. A projection like d3's handles that; Leaflet draws the jump as a line (or a band of fill)
 * across the whole world. Shifting each point by ±360° after such a jump keeps every ring continuous (the
 * far east of Russia then lies just past +180°, where Leaflet draws it next to the rest).
 */
export function unwrapLongitudes(collection: FeatureCollection): FeatureCollection {
  const unwrapRing = (ring: Position[]): Position[] => {
    let shift = 0;
    return ring.map(([longitude = 0, latitude = 0], index) => {
      const previous = ring[index - 1]?.[0];
      if (previous !== undefined) {
        const step = longitude - previous;
        if (step > 180) shift -= 360;
        else if (step < -180) shift += 360;
      }
      return [longitude + shift, latitude];
    });
  };
  return {
    ...collection,
    features: collection.features.map((feature) => {
      const geometry = feature.geometry;
      if (geometry.type === 'Polygon')
        return { ...feature, geometry: { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) } };
      if (geometry.type === 'MultiPolygon')
        return {
          ...feature,
          geometry: {
            ...geometry,
            coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)),
          },
        };
      return feature;
    }),
  };
}

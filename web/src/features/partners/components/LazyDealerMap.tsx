import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { DealerMarker } from '../model/dealer-markers.ts';

const DealerMap = lazy(async () => ({ default: (await import('./DealerMap.tsx')).DealerMap }));

/** DealerMap in its own chunk (Leaflet and the bundled world outlines), fetched when the map first shows. */
export function LazyDealerMap({
  markers,
  missing,
  height = 520,
}: {
  markers: readonly DealerMarker[];
  missing: number;
  height?: number;
}) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
      <DealerMap markers={markers} missing={missing} height={height} />
    </Suspense>
  );
}

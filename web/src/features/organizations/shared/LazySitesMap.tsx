import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import type { MapSite } from './SitesMap.tsx';

const SitesMap = lazy(async () => ({ default: (await import('./SitesMap.tsx')).SitesMap }));

/**
 * SitesMap in its own chunk (Leaflet, the clustering and the bundled world outlines), fetched when a map first
 * shows: the card view and the other customer tabs never load it (decision 0006).
 */
export function LazySitesMap({ sites, height = 480 }: { sites: readonly MapSite[]; height?: number }) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
      <SitesMap sites={sites} height={height} />
    </Suspense>
  );
}

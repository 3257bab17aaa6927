import type { SourceStatus } from './DashboardCard.tsx';

interface Source {
  isPending: boolean;
  isError: boolean;
}

/** A card is pending while any of its sources is, and failed when any of them failed. */
export function combinedStatus(...sources: Source[]): SourceStatus {
  if (sources.some((source) => source.isError)) return 'error';
  if (sources.some((source) => source.isPending)) return 'pending';
  return 'success';
}

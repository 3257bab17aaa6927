import type { Partner } from '@portal/contracts/partners';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { isDealer } from './partner-links.ts';

/** One dealer on the map of dealers: where its customers are, what its popup says and where it links. */
export interface DealerMarker {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  openIncidents: number;
  healthyPercent: number | null;
  /** The dealer's scorecard. */
  href: string;
}

/** The dealers with a location (their office, else their region's centre); others are counted as missing. */
export function dealerMarkers(partners: readonly Partner[]): { markers: DealerMarker[]; missing: number } {
  const dealers = partners.filter(isDealer);
  const markers = dealers.flatMap((dealer) =>
    dealer.location
      ? [
          {
            id: dealer.companyId,
            name: dealer.name,
            latitude: dealer.location.latitude,
            longitude: dealer.location.longitude,
            openIncidents: dealer.openIncidents,
            healthyPercent: dealer.healthyPercent,
            href: pathTo(ROUTE.PARTNER_SCORECARD, { companyId: dealer.companyId }),
          },
        ]
      : [],
  );
  return { markers, missing: dealers.length - markers.length };
}

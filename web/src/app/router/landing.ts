import type { Role } from '@portal/contracts/roles';
import { ROUTE } from '@/shared/navigation/route-names.ts';

/**
 * ROOT's landing page by role. SPEC §2 only says the helper points to the customer list; the customer
 * list is dealer-only, so other roles land on My Company instead of a not-found page.
 */
export function landingRouteFor(role: Role): typeof ROUTE.ORGANIZATION | typeof ROUTE.COMPANY {
  return role === 'dealer' ? ROUTE.ORGANIZATION : ROUTE.COMPANY;
}

import type { Role } from '@portal/contracts/roles';
import { ROUTE } from '@/shared/navigation/route-names.ts';

/** The roles above dealers: they see the partners below them (issue 16). */
export const PARTNER_ROLES = ['hq-pm', 'hq-sales', 'region', 'disty'] as const satisfies readonly Role[];

/**
 * ROOT's landing page by role. SPEC §2 only says the helper points to the customer list; the customer
 * list is dealer-only, so dealers land there and the roles above them on their partners (issue 16).
 */
export function landingRouteFor(
  role: Role,
): typeof ROUTE.ORGANIZATION | typeof ROUTE.PARTNERS | typeof ROUTE.COMPANY {
  if (role === 'dealer') return ROUTE.ORGANIZATION;
  return (PARTNER_ROLES as readonly Role[]).includes(role) ? ROUTE.PARTNERS : ROUTE.COMPANY;
}

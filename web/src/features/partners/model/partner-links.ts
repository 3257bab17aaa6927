import type { Partner } from '@portal/contracts/partners';
import { customerListUrl, incidentsUrl } from '@/shared/navigation/customer-links.ts';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { scopedPath } from '@/shared/navigation/scoped-link.tsx';

/** A figure of the partner list that links somewhere. */
export type PartnerFigure =
  | 'customers'
  | 'devices'
  | 'healthyPercent'
  | 'openIncidents'
  | 'oldestOpenIncidentAt'
  | 'expired'
  | 'expiring30'
  | 'expiring60'
  | 'expiring90'
  | 'unlicensedDevices'
  | 'licenseStock';

export const isDealer = (partner: Pick<Partner, 'roles'>) => partner.roles.includes('dealer');

/**
 * Where a number of a dealer's row leads: into the read-only drill-down, filtered exactly as the dealer's
 * own dashboard links are (customerListUrl / incidentsUrl, rewritten into /partners/{id}/view/…).
 * Companies above dealers have no drill-down: their numbers open their scorecard.
 */
export function partnerFigureUrl(
  partner: Pick<Partner, 'companyId' | 'roles'>,
  figure: PartnerFigure,
): string {
  if (!isDealer(partner)) return pathTo(ROUTE.PARTNER_SCORECARD, { companyId: partner.companyId });
  const inView = (path: string) => scopedPath(path, partner.companyId);
  switch (figure) {
    case 'customers':
      return inView(customerListUrl());
    case 'openIncidents':
    case 'oldestOpenIncidentAt':
      return inView(incidentsUrl());
    case 'expired':
      return inView(customerListUrl({ license: 'expired' }));
    case 'expiring30':
      return inView(customerListUrl({ license: 'expiring', within: 30 }));
    case 'expiring60':
      return inView(customerListUrl({ license: 'expiring', within: 60 }));
    case 'expiring90':
      return inView(customerListUrl({ license: 'expiring', within: 90 }));
    case 'unlicensedDevices':
      return inView(customerListUrl({ license: 'unlicensed' }));
    case 'devices':
    case 'healthyPercent':
    case 'licenseStock':
      return inView(pathTo(ROUTE.DASHBOARD));
  }
}

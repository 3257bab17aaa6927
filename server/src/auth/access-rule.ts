import type { BrandId } from '@portal/contracts/brands';
import type { Role } from '@portal/contracts/roles';
import { forbidden } from '../domain/errors.ts';
import type { Caller } from '../domain/members/caller.ts';
import { assertOwner } from '../domain/members/members.ts';

/**
 * What a route demands of its caller beyond a valid token (SPEC §6), declared in the route's config:
 * `{ config: { access: DEALER_ONLY } }`. An omitted field is no restriction, an empty list no access.
 * The caller hook (caller-hook.ts) checks it on every request against the caller, read fresh.
 */
export interface AccessRule {
  /** The caller's current role (first of the company's roles) must be one of these. */
  roles?: readonly Role[];
  /** The caller's company's vendor brand must be one of these. */
  vendors?: readonly BrandId[];
  /** The caller's role must hold this hierarchy authority in the permission map (role_permissions). */
  hierarchy?: Role;
  /**
   * A partner's read-only view of a dealer (issue 16, decision 0021) may call it with its view token, in
   * place of the dealer's session or company token: the dealer's screens read with it, every write is 403
   * 'This view is read-only.'. Without it the view token is refused on the route.
   */
  partnerView?: boolean;
  /** Only the company's owner (403 'Only the company owner can do this.'). */
  owner?: boolean;
}

/**
 * Dashboard and customer data (SPEC §2, §6): the dealer's, and readable in a partner's read-only view of
 * the dealer, whatever token the dealer itself calls the route with (issue 23).
 */
export const DEALER_ONLY = { roles: ['dealer'], partnerView: true } as const satisfies AccessRule;

/**
 * The dealer's own account settings (notification rules, subscriptions, webhooks): dealer-only and not part
 * of a partner's view, which shows the dealer's dashboard, customers and incidents.
 */
export const DEALER_SETTINGS = { roles: ['dealer'] } as const satisfies AccessRule;

/**
 * A change to the caller's own company (its members, API keys, sign-in policy) that only its owner makes:
 * declared with `actsOn: { company: 'params.companyId' }`, so another company is 404 before a member's 403.
 */
export const OWNER_ONLY = { owner: true } as const satisfies AccessRule;

/** The partner hierarchy (issue 16): HQ, regions and distributors; a dealer has no one below it. */
export const PARTNERS_ONLY = {
  roles: ['hq-pm', 'hq-sales', 'region', 'disty'],
} as const satisfies AccessRule;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
}

/** SPEC §6 helper rules: role, vendor, hierarchy and owner checks must all pass; 403 with the reason otherwise. */
export function assertAccess(rule: AccessRule, caller: Caller): void {
  if (rule.roles && !rule.roles.includes(caller.role)) {
    throw forbidden(
      rule.roles.length === 1 && rule.roles[0] === 'dealer'
        ? 'Only dealers can use this.'
        : 'Your role cannot use this.',
    );
  }
  if (rule.vendors && !rule.vendors.includes(caller.vendor)) {
    throw forbidden('This is not available for your brand.');
  }
  if (rule.hierarchy !== undefined && !caller.hierarchyAuthorities.includes(rule.hierarchy)) {
    throw forbidden('Your position in the reseller hierarchy does not allow this.');
  }
  if (rule.owner) assertOwner(caller);
}

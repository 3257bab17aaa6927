/**
 * The token layer: which bearer token each backend call carries (SPEC §4 Tokens, §7).
 *
 * Most code never calls it: the API client asks it for every request. Pick a token only when the service's
 * default is not the one you need:
 *
 *   const reseller = createApiClient('reseller');          // session token (default)
 *   const userPortal = createApiClient('userPortal');      // company token (default)
 *   const platform = createApiClient('platform');
 *   await platform(`/v1/organizations/${orgId}/services`, { token: { kind: 'organization', orgId } });
 *   await reseller('/auth/password', { method: 'POST', body: { email }, anonymous: true }); // no token
 *
 * Defaults by service:
 * - `session` for identity, reseller, obm and default: Amplify's access token, which Amplify refreshes
 *   itself 5 s before it expires (COGNITO.md §2.5).
 * - `company` for userPortal, userPortalAuth, monitoring and platform: POST /auth/vortextoken {companyId},
 *   cached and fetched again 5 s before its `expire` (Unix seconds).
 * - `organization` (ask for it per request): POST /v1/organizations/{orgId}/vsaas-token, cached per
 *   organization. SPEC §4 says organization tokens use "the returned expire plus 500"; we read the 500 as
 *   milliseconds of slack and apply it on the safe side: a token is replaced 500 ms before its `expire`.
 *   One-time tokens of the user-portal strategy (POST /organizations/{orgId}/otp) are not cached: call
 *   that endpoint each time.
 *
 * Drill-down (issue 16): while a dealer below the caller is viewed (`viewedCompanyId()`, set by
 * `CompanyScopeProvider`), company tokens are that dealer's read-only ones (POST /auth/vortextoken with its
 * companyId) and organization tokens come from POST /v1/organizations/{orgId}/vsaas-token?companyId=…;
 * each viewed company has its own cache, never mixed with the own company's tokens. The default service's
 * reads of the dealer's data carry the view's company token instead of the session.
 *
 * Every cached token is dropped on sign-out (`clear()`, done by `useSignOut`) and as soon as the signed-in
 * user's company id differs from the one the tokens were issued for. After a 401 the API client asks once
 * more with `forceRefresh` and retries the request.
 *
 * In React: `useLazyAuthServices()().tokens` gives `sessionToken()`, `companyToken()`,
 * `organizationToken(orgId)` for the rare call that is not made through the API client.
 */

import type { TokenResponse } from '@portal/contracts/reseller';
import type { ServiceName } from '@portal/contracts/runtime-config';
import type { TokenRequirement } from '@/shared/lib/api-client.ts';
import { type CachedToken, createCachedToken, type ExpiringToken } from './cached-token.ts';

export const COMPANY_TOKEN_MARGIN_MS = 5_000;
export const ORGANIZATION_TOKEN_MARGIN_MS = 500;

const COMPANY_TOKEN_SERVICES: readonly ServiceName[] = [
  'userPortal',
  'userPortalAuth',
  'monitoring',
  'platform',
];

/**
 * Session-token services whose calls read the dealer's own data (the license inventory, a customer's
 * contact): in a partner's read-only view they carry the view's company token, which the server accepts
 * there in place of the dealer's session (decision 0021, issue 23). Identity, reseller and obm stay the
 * signed-in member's own; notifications are the dealer's settings, not part of the view.
 */
const DEALER_DATA_SESSION_SERVICES: readonly ServiceName[] = ['default'];

/** The token a service's calls carry unless a request asks for another. */
export function defaultTokenFor(service: ServiceName): TokenRequirement {
  return COMPANY_TOKEN_SERVICES.includes(service) ? { kind: 'company' } : { kind: 'session' };
}

export interface TokenLayerDeps {
  /** The session's access token, or null when nobody is signed in. */
  sessionToken(options: { forceRefresh: boolean }): Promise<string | null>;
  /** The signed-in user's company id. */
  companyId(): Promise<string>;
  requestCompanyToken(companyId: string): Promise<TokenResponse>;
  /** `viewedCompanyId`: a dealer viewed read-only (issue 16); omitted for the own company. */
  requestOrganizationToken(orgId: string, viewedCompanyId?: string): Promise<TokenResponse>;
  /** The dealer being viewed read-only, or null for the own company (issue 16's drill-down). */
  viewedCompanyId?: () => string | null;
  now?: () => number;
}

export interface TokenOptions {
  forceRefresh?: boolean;
}

export function createTokenLayer(deps: TokenLayerDeps) {
  const now = deps.now ?? Date.now;
  const expiring = ({ token, expire }: TokenResponse): ExpiringToken => ({ token, expiresAt: expire * 1000 });

  let companyId: string | null = null;
  let company: CachedToken | null = null;
  const organizations = new Map<string, CachedToken>();
  /** Viewed dealers' company tokens by company id, their organization tokens by `companyId orgId`. */
  const viewedCompanies = new Map<string, CachedToken>();
  const viewedOrganizations = new Map<string, CachedToken>();

  function clear(): void {
    company?.clear();
    company = null;
    for (const token of organizations.values()) token.clear();
    organizations.clear();
    for (const token of viewedCompanies.values()) token.clear();
    viewedCompanies.clear();
    for (const token of viewedOrganizations.values()) token.clear();
    viewedOrganizations.clear();
    companyId = null;
  }

  const viewed = (): string | null => deps.viewedCompanyId?.() ?? null;

  /** The current company id; a different one than before drops every company and organization token. */
  async function currentCompany(): Promise<string> {
    const id = await deps.companyId();
    if (id !== companyId) {
      clear();
      companyId = id;
    }
    return id;
  }

  /** Whether a dealer other than the own company is viewed read-only. */
  async function viewingOther(): Promise<boolean> {
    const other = viewed();
    return other !== null && other !== (await currentCompany());
  }

  async function sessionToken(options: TokenOptions = {}): Promise<string | null> {
    return deps.sessionToken({ forceRefresh: options.forceRefresh ?? false });
  }

  async function companyToken(options: TokenOptions = {}): Promise<string> {
    const id = await currentCompany();
    const other = viewed();
    if (other !== null && other !== id) {
      let token = viewedCompanies.get(other);
      if (!token) {
        token = createCachedToken({
          fetch: async () => expiring(await deps.requestCompanyToken(other)),
          marginMs: COMPANY_TOKEN_MARGIN_MS,
          now,
        });
        viewedCompanies.set(other, token);
      }
      return token.get(options);
    }
    company ??= createCachedToken({
      fetch: async () => expiring(await deps.requestCompanyToken(id)),
      marginMs: COMPANY_TOKEN_MARGIN_MS,
      now,
    });
    return company.get(options);
  }

  async function organizationToken(orgId: string, options: TokenOptions = {}): Promise<string> {
    const id = await currentCompany();
    const other = viewed();
    if (other !== null && other !== id) {
      const key = `${other} ${orgId}`;
      let token = viewedOrganizations.get(key);
      if (!token) {
        token = createCachedToken({
          fetch: async () => expiring(await deps.requestOrganizationToken(orgId, other)),
          marginMs: ORGANIZATION_TOKEN_MARGIN_MS,
          now,
        });
        viewedOrganizations.set(key, token);
      }
      return token.get(options);
    }
    let token = organizations.get(orgId);
    if (!token) {
      token = createCachedToken({
        fetch: async () => expiring(await deps.requestOrganizationToken(orgId)),
        marginMs: ORGANIZATION_TOKEN_MARGIN_MS,
        now,
      });
      organizations.set(orgId, token);
    }
    return token.get(options);
  }

  /** What the API client calls for every request that is not anonymous. */
  async function tokenFor(
    service: ServiceName,
    need: TokenRequirement | undefined,
    options: TokenOptions = {},
  ): Promise<string | null> {
    const requirement = need ?? defaultTokenFor(service);
    switch (requirement.kind) {
      case 'session':
        if (DEALER_DATA_SESSION_SERVICES.includes(service) && (await viewingOther())) {
          return companyToken(options);
        }
        return sessionToken(options);
      case 'company':
        return companyToken(options);
      case 'organization':
        return organizationToken(requirement.orgId, options);
    }
  }

  return { tokenFor, sessionToken, companyToken, organizationToken, clear };
}

export type TokenLayer = ReturnType<typeof createTokenLayer>;

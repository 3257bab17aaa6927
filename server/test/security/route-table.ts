import { muteDeviceBodySchema } from '@portal/contracts/incidents';
import { companySecuritySchema } from '@portal/contracts/reseller';
import type { SecurityFixture } from './security-fixture.ts';

/**
 * Every route of every service with who may call it. The security suites run over this table, and the
 * authorization matrix fails when the OpenAPI document lists a route without a row.
 */

export type Auth =
  | 'public'
  | 'ingest-key'
  | 'session'
  | 'company'
  | 'organization'
  | 'company-or-organization'
  | 'api-key';

interface RowFields {
  /** Only the company owner may call it: a member gets 403. */
  ownerOnly?: boolean;
  /** Whether the path names something of company A (so another company's token must get 404). */
  scoped?: boolean;
  /** A valid body, so the check is about who calls, not what they send; `email` is the caller's. */
  body?: (f: SecurityFixture, email: string) => unknown;
  /** A server-sent event stream: it never ends, so the right token is checked on a real port instead. */
  stream?: boolean;
  /**
   * For a body that a generated value can happen to get right (a lone boolean field): what is valid, so
   * the malformed-input suite leaves it out.
   */
  validBody?: (body: unknown) => boolean;
  /** The dealer's own account settings (DEALER_SETTINGS): not part of a partner's read-only view. */
  dealerSettings?: boolean;
}

/**
 * Who may call a route once authenticated (SPEC §2, §6): `dealer` for dashboard and customer data, where
 * every other role gets 403; `partner` for the partner hierarchy (HQ, region, distributor; a dealer gets
 * 403); `any` for what every role needs (my company, profile, sign-in record). Every authenticated row
 * must decide.
 */
export type Roles = 'dealer' | 'partner' | 'any';

/**
 * A partner-API route (issue 27): the scope the key needs; `partner` for the roll-ups (a dealer's key gets
 * 403); `names` when the path names something of company A (another company's key gets 404).
 */
interface ApiKeyRow {
  auth: 'api-key';
  scope: 'read' | 'incidents:write';
  partner?: boolean;
  names?: boolean;
}

/** `ingest-key`: the platforms' machine-to-machine key (no member, no role). */
export type Row = RowFields &
  (
    | { auth: 'public' | 'ingest-key' }
    | ApiKeyRow
    | { auth: Exclude<Auth, 'public' | 'ingest-key' | 'api-key'>; roles: Roles }
  );

export const ROUTES: Record<string, Row> = {
  'POST /api/reseller/auth/password': { auth: 'public' },
  'GET /api/reseller/v1/companies/info': { auth: 'session', roles: 'any' },
  'PATCH /api/reseller/v1/companies/info': {
    auth: 'session',
    roles: 'any',
    ownerOnly: true,
    body: () => ({ name: 'Acme' }),
  },
  'GET /api/reseller/v1/me': { auth: 'session', roles: 'any' },
  'PATCH /api/reseller/v1/users/{id}': {
    auth: 'session',
    roles: 'any',
    scoped: true,
    body: () => ({ name: 'Renamed' }),
  },
  'GET /api/reseller/v1/companies/{companyId}/users': { auth: 'session', roles: 'any', scoped: true },
  'POST /api/reseller/v1/companies/{companyId}/users': {
    auth: 'session',
    roles: 'any',
    ownerOnly: true,
    scoped: true,
    body: () => ({ email: `new${Math.random().toString(36).slice(2)}@example.test`, name: 'New' }),
  },
  'DELETE /api/reseller/v1/companies/{companyId}/users/{id}': {
    auth: 'session',
    roles: 'any',
    ownerOnly: true,
    scoped: true,
  },
  'POST /api/reseller/v1/companies/{companyId}/users/{id}/owner': {
    auth: 'session',
    roles: 'any',
    ownerOnly: true,
    scoped: true,
  },
  'POST /api/reseller/v1/companies/{companyId}/users/{id}/reset-mfa': {
    auth: 'session',
    roles: 'any',
    ownerOnly: true,
    scoped: true,
  },
  'GET /api/reseller/v1/companies/{companyId}/security': {
    auth: 'session',
    roles: 'any',
    ownerOnly: true,
    scoped: true,
  },
  'PUT /api/reseller/v1/companies/{companyId}/security': {
    auth: 'session',
    roles: 'any',
    ownerOnly: true,
    scoped: true,
    body: () => ({ requireMfa: false }),
    validBody: (body) => companySecuritySchema.safeParse(body).success,
  },
  // Issue 27: every member reads the log (a member their own entries only; server/test/audit).
  'GET /api/reseller/v1/companies/{companyId}/audit': { auth: 'session', roles: 'any', scoped: true },
  'GET /api/reseller/v1/partners': { auth: 'session', roles: 'partner' },
  'GET /api/reseller/v1/partners/{companyId}': { auth: 'session', roles: 'partner' },
  'POST /api/reseller/auth/vortextoken': {
    auth: 'session',
    roles: 'any',
    scoped: true,
    body: (f) => ({ companyId: f.acme.id }),
  },
  'POST /api/reseller/v1/organizations/{orgId}/vsaas-token': {
    auth: 'session',
    roles: 'dealer',
    scoped: true,
  },
  'GET /api/user-portal/companies/organizations': { auth: 'company', roles: 'dealer' },
  'GET /api/user-portal/companies/site-locations': { auth: 'company', roles: 'dealer' },
  'GET /api/user-portal/organizations/{orgId}/info': { auth: 'company', roles: 'dealer', scoped: true },
  'GET /api/user-portal/organizations/{orgId}/license-statistics': {
    auth: 'company',
    roles: 'dealer',
    scoped: true,
  },
  'GET /api/user-portal/organizations/{orgId}/sites': { auth: 'company', roles: 'dealer', scoped: true },
  'GET /api/user-portal/organizations/{orgId}/sites-status': {
    auth: 'company',
    roles: 'dealer',
    scoped: true,
  },
  'GET /api/user-portal/sites/{siteId}/devices': { auth: 'company', roles: 'dealer', scoped: true },
  'GET /api/user-portal/companies/statistics': { auth: 'company', roles: 'dealer' },
  'GET /api/user-portal/companies/statistics/customers': { auth: 'company', roles: 'dealer' },
  'GET /api/user-portal/organizations/statistics': { auth: 'company', roles: 'dealer' },
  'GET /api/user-portal/organizations/{orgId}/statistics': { auth: 'company', roles: 'dealer', scoped: true },
  'POST /api/user-portal-auth/organizations/{orgId}/otp': { auth: 'company', roles: 'dealer', scoped: true },
  'POST /api/user-portal-auth/otp/consume': { auth: 'public' },
  'GET /api/platform/v1/organizations/statistics': { auth: 'company', roles: 'dealer' },
  'GET /api/platform/v1/organizations/{orgId}/statistics': {
    auth: 'organization',
    roles: 'dealer',
    scoped: true,
  },
  'GET /api/platform/v1/organizations/{orgId}/services': {
    auth: 'organization',
    roles: 'dealer',
    scoped: true,
  },
  'GET /api/platform/v1/sites/{siteId}/devices': { auth: 'organization', roles: 'dealer', scoped: true },
  'GET /api/monitoring/v2/organizations/{orgId}/sites-status': {
    auth: 'company',
    roles: 'dealer',
    scoped: true,
  },
  'POST /api/obm/v1/stats/login_record': {
    auth: 'session',
    roles: 'any',
    body: (_f, email) => ({ email, region: 'eu', timestamp: Date.now() }),
  },
  'GET /api/obm/v1/companies/statistics': { auth: 'session', roles: 'dealer' },
  'GET /api/default/license/info': { auth: 'session', roles: 'dealer' },
  'GET /api/default/license/quantity': { auth: 'session', roles: 'dealer' },
  'GET /api/default/v1/organizations/{orgId}/metadata': { auth: 'session', roles: 'dealer', scoped: true },
  'PATCH /api/default/v1/organizations/{orgId}/metadata': {
    auth: 'session',
    roles: 'dealer',
    scoped: true,
    body: () => ({ reference: 'R-1' }),
  },
  'POST /api/default/v1/organizations/{orgId}/vortex-send-request': {
    auth: 'session',
    roles: 'dealer',
    scoped: true,
  },
  'POST /api/default/v1/organizations/{orgId}/obm-send-request': {
    auth: 'session',
    roles: 'dealer',
    scoped: true,
    body: (f) => [
      {
        siteId: f.ids.siteId,
        server: { deviceId: f.ids.serviceId, name: 'VSS', type: 'VSS', ip: '10.0.0.2' },
      },
    ],
  },
  'DELETE /api/default/v1/organizations/{orgId}/remote-access-request': {
    auth: 'session',
    roles: 'dealer',
    scoped: true,
  },
  'GET /api/user-portal/companies/incidents': { auth: 'company', roles: 'dealer' },
  'GET /api/user-portal/companies/incidents/{id}': { auth: 'company', roles: 'dealer', scoped: true },
  'POST /api/user-portal/companies/incidents/{id}/acknowledge': {
    auth: 'company',
    roles: 'dealer',
    scoped: true,
  },
  'POST /api/user-portal/companies/devices/{deviceId}/mute': {
    auth: 'company',
    roles: 'dealer',
    scoped: true,
    body: () => ({ minutes: 60 }),
    validBody: (body) => muteDeviceBodySchema.safeParse(body).success,
  },
  'DELETE /api/user-portal/companies/devices/{deviceId}/mute': {
    auth: 'company',
    roles: 'dealer',
    scoped: true,
  },
  'GET /api/user-portal/companies/events': { auth: 'company', roles: 'dealer', stream: true },
  'GET /api/notifications/v1/settings': { auth: 'session', roles: 'dealer', dealerSettings: true },
  'PATCH /api/notifications/v1/settings': {
    dealerSettings: true,
    auth: 'session',
    roles: 'dealer',
    ownerOnly: true,
    body: () => ({ timeZone: 'Europe/Berlin' }),
  },
  'POST /api/notifications/v1/rules': {
    dealerSettings: true,
    auth: 'session',
    roles: 'dealer',
    ownerOnly: true,
    body: () => ({ name: 'Night shift', recipients: 'owner', delivery: 'immediate' }),
  },
  'PATCH /api/notifications/v1/rules/{id}': {
    dealerSettings: true,
    auth: 'session',
    roles: 'dealer',
    ownerOnly: true,
    scoped: true,
    body: () => ({ name: 'Renamed' }),
  },
  'DELETE /api/notifications/v1/rules/{id}': {
    dealerSettings: true,
    auth: 'session',
    roles: 'dealer',
    ownerOnly: true,
    scoped: true,
  },
  'GET /api/notifications/v1/subscription': { auth: 'session', roles: 'dealer', dealerSettings: true },
  'PUT /api/notifications/v1/subscription': {
    dealerSettings: true,
    auth: 'session',
    roles: 'dealer',
    body: () => ({ delivery: 'digest' }),
  },
  'GET /api/notifications/v1/unsubscribe': { auth: 'public' },
  'POST /api/notifications/v1/unsubscribe': { auth: 'public' },
  'GET /api/notifications/v1/webhooks': { auth: 'session', roles: 'dealer', dealerSettings: true },
  'POST /api/notifications/v1/webhooks': {
    dealerSettings: true,
    auth: 'session',
    roles: 'dealer',
    ownerOnly: true,
    body: () => ({ name: 'Tickets', url: 'https://hooks.example.com/portal' }),
  },
  'GET /api/notifications/v1/webhooks/{id}': {
    auth: 'session',
    roles: 'dealer',
    scoped: true,
    dealerSettings: true,
  },
  'PATCH /api/notifications/v1/webhooks/{id}': {
    dealerSettings: true,
    auth: 'session',
    roles: 'dealer',
    ownerOnly: true,
    scoped: true,
    body: () => ({ name: 'Renamed hook' }),
  },
  'DELETE /api/notifications/v1/webhooks/{id}': {
    dealerSettings: true,
    auth: 'session',
    roles: 'dealer',
    ownerOnly: true,
    scoped: true,
  },
  'POST /api/notifications/v1/webhooks/{id}/test': {
    dealerSettings: true,
    auth: 'session',
    roles: 'dealer',
    ownerOnly: true,
    scoped: true,
  },
  'GET /api/notifications/v1/webhooks/{id}/deliveries': {
    auth: 'session',
    roles: 'dealer',
    scoped: true,
    dealerSettings: true,
  },
  'GET /api/reseller/v1/companies/{companyId}/api-keys': {
    auth: 'session',
    roles: 'any',
    ownerOnly: true,
    scoped: true,
  },
  'POST /api/reseller/v1/companies/{companyId}/api-keys': {
    auth: 'session',
    roles: 'any',
    ownerOnly: true,
    scoped: true,
    body: () => ({ name: 'Ticketing', scopes: ['read'] }),
  },
  'DELETE /api/reseller/v1/companies/{companyId}/api-keys/{id}': {
    auth: 'session',
    roles: 'any',
    ownerOnly: true,
    scoped: true,
  },
  'GET /api/partner/v1/customers': { auth: 'api-key', scope: 'read' },
  'GET /api/partner/v1/customers/{id}': { auth: 'api-key', scope: 'read', names: true },
  'GET /api/partner/v1/customers/{id}/sites': { auth: 'api-key', scope: 'read', names: true },
  'GET /api/partner/v1/devices': { auth: 'api-key', scope: 'read' },
  'GET /api/partner/v1/incidents': { auth: 'api-key', scope: 'read' },
  'GET /api/partner/v1/incidents/{id}': { auth: 'api-key', scope: 'read', names: true },
  'POST /api/partner/v1/incidents/{id}/acknowledge': {
    auth: 'api-key',
    scope: 'incidents:write',
    names: true,
  },
  'POST /api/partner/v1/devices/{id}/mute': {
    auth: 'api-key',
    scope: 'incidents:write',
    names: true,
    body: () => ({ minutes: 60 }),
    validBody: (body) => muteDeviceBodySchema.safeParse(body).success,
  },
  'DELETE /api/partner/v1/devices/{id}/mute': { auth: 'api-key', scope: 'incidents:write', names: true },
  'GET /api/partner/v1/licenses': { auth: 'api-key', scope: 'read' },
  'GET /api/partner/v1/partners': { auth: 'api-key', scope: 'read', partner: true },
  'GET /api/partner/v1/partners/{companyId}': { auth: 'api-key', scope: 'read', partner: true },
  'GET /api/ingest/v1/devices': { auth: 'ingest-key' },
  'POST /api/ingest/v1/reports': {
    auth: 'ingest-key',
    body: (f) => ({
      reports: [{ id: `r-${Math.random()}`, deviceId: f.ids.deviceId, at: new Date().toISOString() }],
    }),
  },
};

/**
 * What authorises an operation of the embedded user pool (`POST /api/identity/`, `X-Amz-Target`): nothing
 * (sign-in and recovery steps, limited per client address), the user's access token, an access token or a
 * sign-in's MFA_SETUP Session, or a SigV4 signature with the admin keys.
 */
export type IdentityAuth = 'public' | 'access-token' | 'access-token-or-session' | 'signed';

/** Every identity operation with who may call it; `body` completes a valid request but for the credential. */
export const IDENTITY_OPERATIONS: Record<string, { auth: IdentityAuth; body?: Record<string, unknown> }> = {
  InitiateAuth: { auth: 'public' },
  RespondToAuthChallenge: { auth: 'public' },
  GetTokensFromRefreshToken: { auth: 'public' },
  ForgotPassword: { auth: 'public' },
  ConfirmForgotPassword: { auth: 'public' },
  RevokeToken: { auth: 'public' },
  ChangePassword: {
    auth: 'access-token',
    body: { PreviousPassword: 'Passw0rdOk', ProposedPassword: 'Passw0rdOk2' },
  },
  GlobalSignOut: { auth: 'access-token' },
  GetUser: { auth: 'access-token' },
  SetUserMFAPreference: { auth: 'access-token', body: { EmailMfaSettings: { Enabled: false } } },
  AssociateSoftwareToken: { auth: 'access-token-or-session' },
  VerifySoftwareToken: { auth: 'access-token-or-session', body: { UserCode: '123456' } },
  GetUserAuthFactors: { auth: 'access-token' },
  StartWebAuthnRegistration: { auth: 'access-token' },
  CompleteWebAuthnRegistration: { auth: 'access-token', body: { Credential: {} } },
  ListWebAuthnCredentials: { auth: 'access-token' },
  DeleteWebAuthnCredential: { auth: 'access-token', body: { CredentialId: 'AAAA' } },
  AdminCreateUser: { auth: 'signed' },
  AdminGetUser: { auth: 'signed' },
  AdminDeleteUser: { auth: 'signed' },
  AdminUpdateUserAttributes: { auth: 'signed' },
  AdminSetUserPassword: { auth: 'signed' },
  AdminUserGlobalSignOut: { auth: 'signed' },
  AdminSetUserMFAPreference: { auth: 'signed', body: { EmailMfaSettings: { Enabled: false } } },
  AdminGetUserAuthFactors: { auth: 'signed' },
};

/** The route's URL with every path parameter naming something of company A. */
export function urlOf(route: string, f: SecurityFixture): string {
  const path = route.split(' ')[1] ?? '';
  return path
    .replace('{companyId}', f.acme.id)
    .replace('{orgId}', f.ids.orgId)
    .replace('{siteId}', f.ids.siteId)
    .replace('{deviceId}', f.ids.deviceId)
    .replace(
      '{id}',
      path.includes('/incidents/')
        ? f.ids.incidentId
        : path.includes('/customers/')
          ? f.ids.orgId
          : path.includes('/partner/v1/devices/')
            ? f.ids.deviceId
            : path.includes('/webhooks/')
              ? f.ids.webhookId
              : f.acmeMember.id,
    );
}

/** The credential of the distributor's member for the route's token check (all but its role passes). */
export function distributorCredential(row: Row, f: SecurityFixture): string | undefined {
  if (row.auth === 'public' || row.auth === 'ingest-key' || row.auth === 'api-key') return undefined;
  if (row.auth === 'session') return f.credentials.distributorSession;
  return row.auth === 'organization'
    ? f.credentials.distributorOrganization
    : f.credentials.distributorCompany;
}

/** The credential that passes the route's token check. */
export function rightCredential(row: Row, f: SecurityFixture): string | undefined {
  if (row.auth === 'public') return undefined;
  if (row.auth === 'ingest-key') return f.credentials.ingestKey;
  if (row.auth === 'api-key') return row.partner ? f.credentials.hqApiKey : f.credentials.apiKey;
  if (row.auth === 'session') return f.credentials.ownerSession;
  return row.auth === 'organization' ? f.credentials.organization : f.credentials.company;
}

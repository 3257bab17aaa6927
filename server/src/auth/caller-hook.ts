import { EXTRA_TYPES } from '@portal/contracts/api-error';
import { INGEST_PREFIX } from '@portal/contracts/ingest';
import { PARTNER_API_PREFIX } from '@portal/contracts/partner-api';
import { SERVICE_PREFIXES } from '@portal/contracts/runtime-config';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { decodeJwt } from 'jose';
import type { ApiKeyCaller } from '../domain/api-keys/key-caller.ts';
import { DomainError, forbidden, unauthorized } from '../domain/errors.ts';
import { findIngestKey, type IngestKey } from '../domain/ingest/ingest-keys.ts';
import {
  type Caller,
  readMemberCaller,
  readSessionCaller,
  readTokenCaller,
} from '../domain/members/caller.ts';
import { MemberFactors } from '../domain/members/member-factors.ts';
import { dealerBelow, viewerOf } from '../domain/partners/partner-view.ts';
import { isEmbeddedPool } from '../infrastructure/config/token-issuer.ts';
import { type AccessRule, assertAccess } from './access-rule.ts';
import { registerApiKeyUsage, resolveApiKeyCaller } from './api-key-caller.ts';
import { type SessionClaims, SessionRejectedError, SessionVerifier } from './session-verifier.ts';
import { accessAfterScope, assertScopeDeclared, registerTenantScope } from './tenant-scope.ts';
import { tenantIssuer, verifyTenantToken } from './tenant-tokens.ts';

/**
 * Who may call a route, declared in its config (`{ config: { caller: 'session' } }`):
 * - `none`: anyone (the token, if any, is the route's own business: approval links, one-time tokens);
 * - `signed-in`: a valid session token, member of a company or not (`request.session`);
 * - `session`: a session token of a member of a company (`request.caller`, `request.session`);
 * - `company-token` / `organization-token`: a token derived from a session (ARCHITECTURE §3) whose user is
 *   still a member of its company and whose sign-in is still valid (`request.caller`);
 * - `ingest-key`: a platform's live ingest key (`request.ingestKey`), no member;
 * - `api-key`: a company's live partner-API key (`request.apiKey`, issue 27), no member; `config.scope`.
 *
 * A partner's read-only view of a dealer (a company token with `viewer_company_id`, decision 0021) is
 * accepted on every route whose `config.access.partnerView` is set, in place of the dealer's session or
 * company token, and refused (403) on every other; with it every non-GET is 403 'This view is read-only.'.
 */
export type CallerKind =
  | 'none'
  | 'signed-in'
  | 'session'
  | 'company-token'
  | 'organization-token'
  | 'ingest-key'
  | 'api-key';

declare module 'fastify' {
  interface FastifyContextConfig {
    caller?: CallerKind;
    /**
     * Open to a member whose company requires two-step sign-in before they have set it up (only
     * GET /api/reseller/v1/me: the web app learns from it where to send them). Decision 0027.
     */
    beforeMfaSetup?: boolean;
  }
  interface FastifyInstance {
    sessionVerifier: SessionVerifier;
    /** Whether a member has a second factor, for the company's two-step policy (decision 0027). */
    memberFactors: MemberFactors;
    /**
     * Resolves a request's caller again, as at its start (token, sign-in, membership, access rules): for a
     * request that lasts (an event stream), to end it once its caller is gone. Throws the DomainError
     * that would refuse the request now.
     */
    recheckCaller(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    /** Set by the caller hook on routes whose `config.caller` names a member; read it nowhere else. */
    caller: Caller;
    /** The verified session token on `session` and `signed-in` routes; null elsewhere. */
    session: SessionClaims | null;
    /** The platform key of an `ingest-key` route. */
    ingestKey: IngestKey;
  }
}

interface Resolved {
  session: SessionClaims | null;
  caller: Caller | undefined;
}

/** A partner's view of a dealer reads and never writes. */
const READ_METHODS = new Set(['GET', 'HEAD']);

const invalidSession = () => unauthorized('Your session is invalid or has expired.');
const notMember = () => unauthorized('Your account is no longer a member of a company');
const invalidToken = () => unauthorized('Invalid or expired token');
export const MFA_REQUIRED_MESSAGE = 'Your company requires two-step sign-in.';
const mfaRequired = () => new DomainError('forbidden', MFA_REQUIRED_MESSAGE, EXTRA_TYPES.mfaRequired);

/** Whether a bearer token claims to be a company or organization token (verified later, like any token). */
function claimsTenantIssuer(token: string, issuer: string): boolean {
  try {
    return decodeJwt(token).iss === issuer;
  } catch {
    return false;
  }
}

const SERVICE_PATHS = [
  ...Object.entries(SERVICE_PREFIXES)
    .filter(([name]) => name !== 'identity')
    .map(([, prefix]) => `${prefix}/`),
  `${INGEST_PREFIX}/`,
  `${PARTNER_API_PREFIX}/`,
];

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

/** Every route of a backend service says who may call it; forgetting is a start-up error, not a public route. */
function assertDeclared(route: RouteOptions): void {
  if (!SERVICE_PATHS.some((prefix) => route.url.startsWith(prefix))) return;
  const { caller, access } = route.config ?? {};
  if (caller === undefined) throw new Error(`${route.method} ${route.url}: declare config.caller`);
  if (
    access &&
    (caller === 'none' || caller === 'signed-in' || caller === 'ingest-key' || caller === 'api-key')
  ) {
    throw new Error(`${route.method} ${route.url}: config.access needs a member as config.caller`);
  }
  assertScopeDeclared(route);
}

/**
 * The one place a request's caller is resolved (ARCHITECTURE §3, SPEC §4, §6): the token verified (its
 * signature once per token string, see VerifiedTokens), then the sign-in, the membership, the company's
 * role, vendor and ownership in ONE statement, fresh on every request; then the route's `config.access`.
 * onRequest, so a caller without the right learns nothing from body parsing or validation errors.
 */
export function registerCallerHook(app: FastifyInstance): void {
  const verifier = new SessionVerifier(app.config, app.db);
  const embedded = isEmbeddedPool(app.config);
  const issuer = tenantIssuer(app.config.PUBLIC_URL);
  const factors = new MemberFactors(app.identityAdmin, app.config.COGNITO_USER_POOL_ID);
  app.decorate('sessionVerifier', verifier);
  app.decorate('memberFactors', factors);
  app.decorateRequest('session', null);
  app.decorateRequest('caller', null as unknown as Caller);
  app.decorateRequest('ingestKey', null as unknown as IngestKey);
  app.decorateRequest('apiKey', null as unknown as ApiKeyCaller);
  registerApiKeyUsage(app);
  app.addHook('onRoute', assertDeclared);
  registerTenantScope(app);

  async function sessionCaller(token: string, kind: CallerKind): Promise<Resolved> {
    let claims: SessionClaims;
    try {
      claims = await verifier.claimsOf(token);
    } catch (error) {
      if (error instanceof SessionRejectedError) throw invalidSession();
      throw error;
    }
    let caller: Caller | undefined;
    if (embedded) {
      if (!claims.originJti) throw invalidSession();
      const reading = await readSessionCaller(app.db, { sub: claims.sub, originJti: claims.originJti });
      if (!reading.live) throw invalidSession();
      caller = reading.caller;
    } else if (kind === 'session') {
      caller = await readMemberCaller(app.db, claims);
    }
    if (kind === 'session' && !caller) throw notMember();
    return { session: claims, caller };
  }

  async function tokenCaller(
    token: string,
    kind: CallerKind,
    method: string,
    access: AccessRule | undefined,
  ): Promise<Resolved> {
    const claims = await verifyTenantToken(app.db, issuer, token);
    // A partner's view stands in for the dealer's session on the routes open to it (decision 0021).
    const sessionRoute = kind === 'session' || kind === 'signed-in';
    const viewForSession = sessionRoute && claims.kind === 'company' && !!claims.viewerCompanyId;
    if (sessionRoute && !viewForSession) throw invalidSession();
    if (!viewForSession && `${claims.kind}-token` !== kind) {
      throw unauthorized('This token cannot be used here');
    }
    const organizationId = claims.kind === 'organization' ? claims.orgId : null;
    const { viewerCompanyId } = claims;
    const member = await readTokenCaller(
      app.db,
      { ...claims, companyId: viewerCompanyId ?? claims.companyId, organizationId },
      embedded,
    );
    if (!member) throw invalidToken();
    if (!viewerCompanyId) return { session: null, caller: member };
    // A partner's view of a dealer (issue 16): the dealer must still be below the member's company.
    const dealer = await dealerBelow(app.db, member, claims.companyId);
    if (!dealer) throw invalidToken();
    if (!READ_METHODS.has(method)) throw forbidden('This view is read-only.');
    if (!access?.partnerView) throw forbidden('The read-only view does not include this.');
    return { session: null, caller: viewerOf(member, dealer) };
  }

  /**
   * The company's two-step sign-in policy, one rule for every member route (issue 25 item 7): a member of
   * a company that requires it and without a second factor may call only the routes marked beforeMfaSetup
   * (and the identity pool, which has no caller hook). Asked last, so it costs nothing unless required.
   */
  async function assertPolicyMet(request: FastifyRequest, caller: Caller | undefined): Promise<void> {
    if (!caller?.requireMfa || request.routeOptions.config.beforeMfaSetup) return;
    if (!(await factors.hasFactor(caller))) throw mfaRequired();
  }

  /** The caller of a member route, or the DomainError that refuses it (route access rules included). */
  async function resolve(request: FastifyRequest, kind: CallerKind): Promise<Resolved> {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const { access } = request.routeOptions.config;
    const sessionRoute = kind === 'session' || kind === 'signed-in';
    const resolved =
      sessionRoute && !claimsTenantIssuer(token, issuer)
        ? await sessionCaller(token, kind)
        : await tokenCaller(token, kind, request.method, access);
    // A route acting for a dealer its caller names has it checked once the caller is that dealer's viewer,
    // one on the caller's own company once the company is checked (tenant-scope.ts).
    if (access && !accessAfterScope(request.routeOptions.config.actsOn))
      assertAccess(access, resolved.caller as Caller);
    await assertPolicyMet(request, resolved.caller);
    return resolved;
  }

  app.decorate('recheckCaller', async (request: FastifyRequest) => {
    const kind = request.routeOptions.config.caller;
    if (kind === undefined || kind === 'none' || kind === 'ingest-key' || kind === 'api-key') return;
    await resolve(request, kind);
  });

  app.addHook('onRequest', async (request, reply) => {
    const { caller: kind } = request.routeOptions.config;
    if (kind === undefined || kind === 'none') return;
    if (kind === 'api-key') return resolveApiKeyCaller(app, request, reply, bearerToken(request));
    if (kind === 'ingest-key') {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      const key = await findIngestKey(app.db, token);
      if (!key) throw unauthorized('Invalid ingest key');
      request.ingestKey = key;
      return;
    }
    const { session, caller } = await resolve(request, kind);
    request.session = session;
    if (caller) request.caller = caller;
  });
}

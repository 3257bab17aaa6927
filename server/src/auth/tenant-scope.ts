import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, notFound } from '../domain/errors.ts';
import { assertOwnCompany } from '../domain/members/members.ts';
import { assertVisible, type TenantKind, type TenantScope } from '../domain/organizations/visibility.ts';
import { readScope } from '../domain/partner-api/company-scope.ts';
import { dealerBelow, isPartnerRole, viewerOf } from '../domain/partners/partner-view.ts';
import { assertAccess } from './access-rule.ts';

/** Where a request carries an id: a path parameter or a query field, `params.orgId`, `query.companyId`. */
export type RequestField = `params.${string}` | `query.${string}`;

/**
 * What a route acts on, declared in its config (`{ config: { actsOn: { organization: 'params.orgId' } } }`):
 * the caller hook checks, before the handler runs, that the caller may see each thing named, and answers
 * 404 (the kind's 'Organization not found', 'Site not found', …) otherwise. A handler never checks it.
 *
 * `company` names the caller's own company (`/companies/:companyId/…`): another id is 404 'Company not
 * found', and the route's `config.access` (the owner's alone, say) is checked after it.
 *
 * `dealer` names the company acted for: a dealer below the caller's company (decision 0021's hierarchy). For
 * a member (a partner's drill-down when issuing a dealer's organization token) the caller becomes the
 * partner's read-only viewer of that dealer, and the route's `config.access` is checked after; for a
 * partner-API key it is the key's `companyId` (its own company when omitted, a write on a dealer below is
 * 403 'This view is read-only.').
 */
export type ActsOn = Partial<Record<TenantKind | 'company' | 'dealer', RequestField>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    actsOn?: ActsOn;
  }
  interface FastifyRequest {
    /** Whose data the route acts on, on routes that declare `config.actsOn`: the caller's, or the key's. */
    tenant: TenantScope;
  }
}

/** Path segments whose parameter names a tenant's thing, and the kinds that may declare it. */
const NAMED_BY_SEGMENT: Record<string, readonly (TenantKind | 'company')[]> = {
  companies: ['company'],
  organizations: ['organization'],
  customers: ['customer'],
  sites: ['site'],
  devices: ['device'],
  incidents: ['incident'],
};

/** The path parameters that name a tenant's thing (`/organizations/:orgId` → orgId with its kinds). */
function namedParameters(url: string): { parameter: string; kinds: readonly (TenantKind | 'company')[] }[] {
  const segments = url.split('/');
  return segments.flatMap((segment, index) => {
    const kinds = NAMED_BY_SEGMENT[segments[index - 1] ?? ''];
    return segment.startsWith(':') && kinds ? [{ parameter: segment.slice(1), kinds }] : [];
  });
}

/**
 * Asked by the caller hook of every service route. A route with an organization, customer, site, device or incident in its path declares it in
 * `config.actsOn`, and every declared path parameter is one of the route's: forgetting is a start-up error.
 */
export function assertScopeDeclared(route: RouteOptions): void {
  const actsOn = route.config?.actsOn ?? {};
  const declared = Object.entries(actsOn) as [TenantKind | 'dealer', RequestField][];
  for (const { parameter, kinds } of namedParameters(route.url)) {
    if (
      !declared.some(
        ([kind, field]) => field === `params.${parameter}` && kinds.includes(kind as TenantKind | 'company'),
      )
    ) {
      throw new Error(
        `${route.method} ${route.url}: declare config.actsOn: { ${kinds[0]}: 'params.${parameter}' }`,
      );
    }
  }
  for (const [kind, field] of declared) {
    if (field.startsWith('params.') && !route.url.split('/').includes(`:${field.slice(7)}`)) {
      throw new Error(`${route.method} ${route.url}: config.actsOn.${kind} names no path parameter`);
    }
  }
}

function fieldOf(request: FastifyRequest, field: RequestField): string | undefined {
  const [source, name] = field.split('.') as ['params' | 'query', string];
  const value = (request[source] as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The scope of a partner-API key: its company, or a dealer below it that it may read. */
async function keyScope(app: FastifyInstance, request: FastifyRequest, dealer: RequestField | undefined) {
  const scope = await readScope(app.db, request.apiKey, dealer && fieldOf(request, dealer));
  if (scope.readOnly && !READ_METHODS.has(request.method)) throw forbidden('This view is read-only.');
  return { companyId: scope.companyId, organizationId: null };
}

/** Whether the caller hook leaves a route's access rule to the tenant scope (the company it names first). */
export const accessAfterScope = (actsOn: ActsOn | undefined): boolean =>
  !!(actsOn?.dealer || actsOn?.company);

/**
 * A member's scope: a partner naming a dealer below its company acts as that dealer's read-only viewer; a
 * route on the caller's own company checks it is; then the route's access rule, which the caller hook
 * leaves to this step on such routes.
 */
async function memberScope(
  app: FastifyInstance,
  request: FastifyRequest,
  { dealer, company }: Pick<ActsOn, 'dealer' | 'company'>,
) {
  const named = dealer && fieldOf(request, dealer);
  const { caller } = request;
  if (named && named !== caller.companyId && isPartnerRole(caller.role)) {
    const below = await dealerBelow(app.db, caller, named);
    if (!below) throw notFound('Company not found');
    request.caller = viewerOf(caller, below);
  }
  if (company) assertOwnCompany(caller, fieldOf(request, company) ?? '');
  const { access } = request.routeOptions.config;
  if (accessAfterScope({ dealer, company }) && access) assertAccess(access, request.caller);
  return request.caller;
}

/**
 * preHandler: after the caller (onRequest) and the request's validation, as the handlers' own checks ran
 * before, so every answer is what it was: whose data it is, then each declared thing visible to it.
 */
export function registerTenantScope(app: FastifyInstance): void {
  app.decorateRequest('tenant', null as unknown as TenantScope);
  app.addHook('preHandler', async (request) => {
    const { actsOn, caller } = request.routeOptions.config;
    if (!actsOn) return;
    const { dealer, company, ...things } = actsOn;
    const scope =
      caller === 'api-key'
        ? await keyScope(app, request, dealer)
        : await memberScope(app, request, { dealer, company });
    for (const [kind, field] of Object.entries(things) as [TenantKind, RequestField][]) {
      await assertVisible(app.db, scope, kind, fieldOf(request, field) ?? '');
    }
    request.tenant = scope;
  });
}

/** The organization of the path's `:orgId`: the declaration of most customer routes. */
export const ON_ORGANIZATION = { organization: 'params.orgId' } as const satisfies ActsOn;

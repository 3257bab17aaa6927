import { z } from 'zod';
import { OWNER_ONLY } from '../../auth/access-rule.ts';
import type { ActsOn } from '../../auth/tenant-scope.ts';

/** Ids in paths: bounded text; a non-uuid names nothing and answers 404 like any other unknown id. */
export const idParam = z.string().min(1).max(64);
export const tags = ['reseller'];
export const security = [{ bearer: [] }];

const ON_OWN_COMPANY = { company: 'params.companyId' } as const satisfies ActsOn;
const FOR_MEMBERS = { caller: 'session', actsOn: ON_OWN_COMPANY } as const;
const FOR_THE_OWNER = { ...FOR_MEMBERS, access: OWNER_ONLY } as const;

/**
 * The declaration of a route on the caller's own company (`/companies/:companyId/…`, with `params`): a
 * session route whose company the caller hook checks (another company is 404), open to every member or to
 * the owner alone (a member is 403, after the company); `schema` adds the body, query and responses.
 */
const onCompanyPath =
  <Params extends z.ZodType>(params: Params) =>
  <Schema extends object = Record<never, never>>(who: 'members' | 'owner', schema = {} as Schema) => ({
    config: who === 'owner' ? FOR_THE_OWNER : FOR_MEMBERS,
    schema: { tags, security, params, ...schema },
  });

/** A route on the company itself: `/companies/:companyId/…`. */
export const onOwnCompany = onCompanyPath(z.object({ companyId: idParam }));
/** A route on one of the company's things (a member, an API key): `/companies/:companyId/…/:id`. */
export const onOwnCompanyThing = onCompanyPath(z.object({ companyId: idParam, id: idParam }));

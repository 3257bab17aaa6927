import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEALER_ONLY } from './access-rule.ts';
import { ON_ORGANIZATION } from './tenant-scope.ts';

/** The path parameter of every route about one customer. */
export const orgParams = z.object({ orgId: z.string().min(1).max(64) });

interface CustomerReadsOptions {
  /** The token the service's customer routes take. */
  caller: 'company-token' | 'organization-token';
  tags: string[];
}

interface CustomerRead<Response extends z.ZodType, Query extends z.ZodType | undefined> {
  response: Response;
  querystring?: Query;
}

/** The validated query of a read: none without a querystring schema. */
type QueryOf<Query> = Query extends z.ZodType ? z.infer<Query> : undefined;

/**
 * The dealer's reads about one of its customers, as every service exposes them (user portal, second
 * platform, monitoring): `GET …/organizations/:orgId/…`, dealer data (readable in a partner's view), the
 * customer checked visible by the caller hook before `read` runs with its id and the validated query.
 */
export function customerReads(app: FastifyInstance, { caller, tags }: CustomerReadsOptions) {
  const config = { caller, access: DEALER_ONLY, actsOn: ON_ORGANIZATION } as const;
  const security = [{ bearer: [] }];
  return <Response extends z.ZodType, Query extends z.ZodType | undefined = undefined>(
    url: `${string}/organizations/:orgId${string}`,
    { response, querystring }: CustomerRead<Response, Query>,
    read: (orgId: string, query: QueryOf<Query>) => Promise<z.input<Response>>,
  ) => {
    // The route's types come from `read`; the zod schemas validate and serialize as on every route.
    app.get<{ Params: z.infer<typeof orgParams> }>(
      url,
      {
        config,
        schema: {
          tags,
          security,
          params: orgParams,
          ...(querystring ? { querystring } : {}),
          response: { 200: response },
        },
      },
      (request) => read(request.params.orgId, request.query as QueryOf<Query>),
    );
  };
}

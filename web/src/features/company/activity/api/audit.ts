import { type AuditPage, type AuditQuery, auditPageSchema } from '@portal/contracts/audit';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { resellerApi, segment } from '@/shared/api/clients.ts';
import { COMPANY_QUERY_KEY } from '../../api/query-keys.ts';

type Filters = Omit<AuditQuery, 'cursor' | 'limit' | 'format'>;

const path = (companyId: string) => `/v1/companies/${segment(companyId)}/audit`;

export const auditKeys = {
  pages: (companyId: string, filters: Filters) =>
    [...COMPANY_QUERY_KEY, 'audit', companyId, filters] as const,
};

/** GET /v1/companies/{companyId}/audit: one page, newest first. */
export async function getAuditPage(
  companyId: string,
  query: Filters & { cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<AuditPage> {
  return auditPageSchema.parse(
    await resellerApi(path(companyId), { query: query as Record<string, string | undefined>, signal }),
  );
}

/** The entries matching the filters, page after page (`next_cursor`). */
export const auditPagesQuery = (companyId: string, filters: Filters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.pages(companyId, filters),
    queryFn: ({ pageParam, signal }) =>
      getAuditPage(companyId, { ...filters, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

/** The same filters as CSV (the server writes it, formula-escaped): the whole range, not only what is shown. */
export async function exportAuditCsv(companyId: string, filters: Filters): Promise<string> {
  const file = await resellerApi<Blob>(path(companyId), { query: { ...filters, format: 'csv' } });
  return file.text();
}

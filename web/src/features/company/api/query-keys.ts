import { companyInfoKey, memberKeys } from '@/shared/api/query-keys.ts';

/** Every company query lives under this prefix, so the login lifecycle can reset them together. */
export const COMPANY_QUERY_KEY = ['company'] as const;

export const companyKeys = {
  /** Shared with the Notifications pages (shared/api/company-info.ts). */
  info: companyInfoKey,
  security: (companyId: string) => [...COMPANY_QUERY_KEY, 'security', companyId] as const,
  apiKeys: (companyId: string) => [...COMPANY_QUERY_KEY, 'api-keys', companyId] as const,
  /** Shared with the notification rules (shared/api/members.ts). */
  members: memberKeys.list,
};

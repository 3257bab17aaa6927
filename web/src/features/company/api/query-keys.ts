/** Every company query lives under this prefix, so the login lifecycle can reset them together. */
export const COMPANY_QUERY_KEY = ['company'] as const;

export const companyKeys = {
  info: () => [...COMPANY_QUERY_KEY, 'info'] as const,
  members: (companyId: string) => [...COMPANY_QUERY_KEY, companyId, 'members'] as const,
};

/**
 * The query keys of the endpoints more than one feature reads: one key per endpoint, so a change that
 * invalidates it refreshes every view of that data. Features build their own keys under these roots.
 */
export const organizationKeys = {
  /** Every customer query lives under this prefix, so the login lifecycle can reset them together. */
  all: ['organizations'] as const,
  /** GET /companies/organizations: the dashboard's maturity list and My customer. */
  list: () => [...organizationKeys.all, 'list'] as const,
  /** GET /companies/statistics/customers: the customers behind one dashboard number (its query string). */
  matches: (query: string) => [...organizationKeys.all, 'matches', query] as const,
};

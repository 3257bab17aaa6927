import type { OrganizationListItem } from '@portal/contracts/organizations';

/** The customer list's search: a case-insensitive part of the name or of the reference. */
export function filterOrganizations(
  organizations: readonly OrganizationListItem[],
  query: string,
): readonly OrganizationListItem[] {
  const q = query.trim().toLowerCase();
  if (q === '') return organizations;
  return organizations.filter(
    (organization) =>
      organization.name.toLowerCase().includes(q) || organization.reference.toLowerCase().includes(q),
  );
}

import type { CompanyInfo, Profile } from '@portal/contracts/reseller';
import type { AccountState } from '../account-state.ts';

/**
 * SPEC §3 Account state from GET /v1/me and GET /v1/companies/info. The current role is the first of the
 * company's type list (dealer when the list is empty); the company's hierarchy authorities belong to it.
 */
export function accountFromPayloads(profile: Profile, company: CompanyInfo): AccountState {
  const role = company.type[0] ?? 'dealer';
  return {
    user: {
      id: profile.userId,
      name: profile.name,
      email: profile.email,
      role,
      roles: company.type.length > 0 ? [...company.type] : [role],
      isCompanyOwner: company.owner,
      isCompanyMember: company.member,
      locale: profile.locale,
    },
    company: { id: company.id, name: company.name, ownerEmail: company.ownerEmail, vendor: company.vendor },
    permission: {
      availableRoleList: [...company.availableRoleList],
      hierarchyAuth: { [role]: [...company.hierarchyAuth] },
      hierarchyParent: company.hierarchyParent,
    },
  };
}

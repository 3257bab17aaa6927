import type { BrandId } from '@portal/contracts/brands';
import type { Role } from '@portal/contracts/roles';
import type { Language } from '@/shared/i18n/languages.ts';

/**
 * The account state the shell needs (SPEC §3 Account state), built from GET /v1/me and
 * GET /v1/companies/info (contracts/reseller.ts) by `session/account-from-payloads.ts`.
 */
export interface AccountState {
  user: {
    id: string;
    name: string;
    email: string;
    /** The role the user acts as: the first of the company's type list, default dealer. */
    role: Role;
    roles: Role[];
    isCompanyOwner: boolean;
    isCompanyMember: boolean;
    /** The language saved on the profile; the shell switches to it when the account loads (sign-in). */
    locale?: Language;
  };
  /** `vendor`: the company's brand, which the signed-in app wears (decision 0022) and the vendor check reads. */
  company: { id: string; name: string; ownerEmail: string; vendor: BrandId };
  permission: {
    availableRoleList: Role[];
    /** Per role, the hierarchy authorities it holds (SPEC §6 hierarchy check). */
    hierarchyAuth: Partial<Record<Role, string[]>>;
    hierarchyParent: { id: string; name: string } | null;
  };
}

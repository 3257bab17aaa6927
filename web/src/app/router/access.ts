import type { BrandId } from '@portal/contracts/brands';
import type { Role } from '@portal/contracts/roles';
import type { AccountState } from '@/shared/session/account-state.ts';

/** Restrictions of an authenticated route; an omitted list means no restriction, an empty list no access. */
export interface AccessRule {
  roles?: readonly Role[];
  vendors?: readonly BrandId[];
  hierarchy?: string;
}

/** SPEC §6 helper rules: role, vendor (the company's, as on the server) and hierarchy checks must all pass. */
export function canAccess(rule: AccessRule, account: AccountState): boolean {
  if (rule.roles && !rule.roles.includes(account.user.role)) return false;
  if (rule.vendors && !rule.vendors.includes(account.company.vendor)) return false;
  if (rule.hierarchy !== undefined) {
    const authorities = account.permission.hierarchyAuth[account.user.role] ?? [];
    if (!authorities.includes(rule.hierarchy)) return false;
  }
  return true;
}

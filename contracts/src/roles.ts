import { z } from 'zod';

/** Reseller hierarchy roles, in their wire form (SPEC §1). HQ first, dealer last. */
export const ROLES = ['hq-pm', 'hq-sales', 'region', 'disty', 'dealer'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The role a user acts as when the company type list is empty (SPEC §3 User). */
export const DEFAULT_ROLE: Role = 'dealer';

/** Company roles of a member (SPEC §6). */
export const COMPANY_ROLES = ['owner', 'member'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

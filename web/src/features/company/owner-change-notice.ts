import { memberRole } from './member-role.ts';

export interface OwnerChangeInput {
  /** The owner email the member list was read with (the company info fetched with it). */
  listOwnerEmail: string;
  /** The company's ownerEmail as the signed-in account knows it (read at sign-in). */
  companyOwnerEmail: string;
  /** Whether the current user owns the company now. */
  currentUserIsOwner: boolean;
}

/**
 * SPEC §2 company-owner-change notice: shown when the member list's owner email differs from the
 * company's ownerEmail and the current user is the owner (e.g. ownership was passed to them since sign-in).
 */
export function shouldShowOwnerChangeNotice({
  listOwnerEmail,
  companyOwnerEmail,
  currentUserIsOwner,
}: OwnerChangeInput): boolean {
  if (!currentUserIsOwner || listOwnerEmail === '' || companyOwnerEmail === '') return false;
  return memberRole(listOwnerEmail, companyOwnerEmail) !== 'owner';
}

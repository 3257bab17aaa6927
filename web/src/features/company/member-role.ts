import type { CompanyRole } from '@portal/contracts/roles';

/** Emails are compared without regard to case or surrounding spaces (the server treats them so). */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** SPEC §3 company member: Owner when the email equals the company's ownerEmail, otherwise Member. */
export function memberRole(email: string, ownerEmail: string): CompanyRole {
  return ownerEmail !== '' && sameEmail(email, ownerEmail) ? 'owner' : 'member';
}

/** The email of the member the list tags as Owner, if any. */
export function listOwnerEmail(
  members: readonly { email: string }[],
  ownerEmail: string,
): string | undefined {
  return members.find((member) => memberRole(member.email, ownerEmail) === 'owner')?.email;
}

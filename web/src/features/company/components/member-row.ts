import type { ListedMember, Member } from '@portal/contracts/reseller';
import type { CompanyRole } from '@portal/contracts/roles';
import type { MemberAction } from './MemberActions.tsx';

/** What the table and the card list show for each member. */
export interface MemberRow {
  member: ListedMember;
  role: CompanyRole;
  isCurrentUser: boolean;
}

export interface MemberListProps {
  rows: readonly MemberRow[];
  /** Present only for the owner: members see the list without change actions. */
  onAction?: (action: MemberAction, member: Member) => void;
}

import type { Member } from '@portal/contracts/reseller';
import { useState } from 'react';
import type { MemberAction } from './MemberActions.tsx';

export type MemberDialog = { kind: 'add' } | { kind: MemberAction; member: Member } | null;

/** Which member dialog is open, if any; one at a time. */
export function useMemberDialog() {
  const [dialog, setDialog] = useState<MemberDialog>(null);
  return {
    dialog,
    openAdd: () => setDialog({ kind: 'add' }),
    openFor: (kind: MemberAction, member: Member) => setDialog({ kind, member }),
    close: () => setDialog(null),
  };
}

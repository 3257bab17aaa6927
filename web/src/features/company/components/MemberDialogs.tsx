import type { Member } from '@portal/contracts/reseller';
import { AddMemberDialog } from './AddMemberDialog.tsx';
import { AssignOwnerDialog } from './AssignOwnerDialog.tsx';
import { DeleteMemberDialog } from './DeleteMemberDialog.tsx';
import { RenameMemberDialog } from './RenameMemberDialog.tsx';
import { ResetTwoStepDialog } from './ResetTwoStepDialog.tsx';
import type { MemberDialog } from './use-member-dialog.ts';

/** Mounts the one open member dialog, so each opening starts with a fresh form. */
export function MemberDialogs({
  companyId,
  dialog,
  onClose,
  onRenamed,
}: {
  companyId: string;
  dialog: MemberDialog;
  onClose: () => void;
  onRenamed?: (member: Member) => void;
}) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'add':
      return <AddMemberDialog companyId={companyId} onClose={onClose} />;
    case 'rename':
      return (
        <RenameMemberDialog
          companyId={companyId}
          member={dialog.member}
          onClose={onClose}
          {...(onRenamed ? { onRenamed } : {})}
        />
      );
    case 'delete':
      return <DeleteMemberDialog companyId={companyId} member={dialog.member} onClose={onClose} />;
    case 'resetMfa':
      return <ResetTwoStepDialog companyId={companyId} member={dialog.member} onClose={onClose} />;
    case 'assignOwner':
      return <AssignOwnerDialog companyId={companyId} member={dialog.member} onClose={onClose} />;
  }
}

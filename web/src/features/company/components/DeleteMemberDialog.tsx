import type { Member } from '@portal/contracts/reseller';
import { useDeleteMember } from '../api/delete-member.ts';
import { ConfirmMemberDialog, type MemberActionKeys } from './ConfirmMemberDialog.tsx';

const DELETE_KEYS: MemberActionKeys = {
  title: 'company.deleteDialog.title',
  message: 'company.deleteDialog.message',
  confirm: 'company.deleteDialog.confirm',
  done: 'company.toast.deleted',
  failed: 'company.toast.deleteFailed',
};

export function DeleteMemberDialog(props: { companyId: string; member: Member; onClose: () => void }) {
  const remove = useDeleteMember(props.companyId);
  return (
    <ConfirmMemberDialog member={props.member} action={remove} keys={DELETE_KEYS} onClose={props.onClose} />
  );
}

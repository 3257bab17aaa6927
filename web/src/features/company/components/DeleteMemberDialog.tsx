import type { Member } from '@portal/contracts/reseller';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { useDeleteMember } from '../api/delete-member.ts';

export function DeleteMemberDialog({
  companyId,
  member,
  onClose,
}: {
  companyId: string;
  member: Member;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteMember(companyId);
  const confirm = async () => {
    try {
      await remove.mutateAsync(member.userId);
      toast.success(t('company.toast.deleted'));
      onClose();
    } catch {
      toast.error(t('company.toast.deleteFailed'));
    }
  };
  return (
    <ConfirmDialog
      open
      title={t('company.deleteDialog.title')}
      message={t('company.deleteDialog.message', {
        name: member.name || t('company.members.unnamed'),
        email: member.email,
      })}
      confirmLabel={t('company.deleteDialog.confirm')}
      confirmColor="error"
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

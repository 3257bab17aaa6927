import type { Member } from '@portal/contracts/reseller';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { useResetMemberTwoStep } from '../api/reset-member-two-step.ts';

/** The owner confirms turning a member's two-step sign-in off; the member sets it up at the next sign-in. */
export function ResetTwoStepDialog({
  companyId,
  member,
  onClose,
}: {
  companyId: string;
  member: Member;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reset = useResetMemberTwoStep(companyId);
  const confirm = async () => {
    try {
      await reset.mutateAsync(member.userId);
      toast.success(t('company.resetTwoStepDialog.done'));
      onClose();
    } catch {
      toast.error(t('company.resetTwoStepDialog.failed'));
    }
  };
  return (
    <ConfirmDialog
      open
      title={t('company.resetTwoStepDialog.title')}
      message={t('company.resetTwoStepDialog.message', {
        name: member.name || t('company.members.unnamed'),
        email: member.email,
      })}
      confirmLabel={t('company.resetTwoStepDialog.confirm')}
      confirmColor="error"
      busy={reset.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

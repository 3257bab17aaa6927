import type { Member } from '@portal/contracts/reseller';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';

/** Translation keys of a member action's question and outcome; `message` gets the member's name and e-mail. */
export interface MemberActionKeys {
  title: string;
  message: string;
  confirm: string;
  done: string;
  failed: string;
}

/**
 * The owner confirms a destructive action on one member (delete, turn two-step sign-in off): the dialog runs
 * the member's mutation, says how it went in a toast, and closes once it has worked.
 */
export function ConfirmMemberDialog({
  member,
  action,
  keys,
  onClose,
}: {
  member: Member;
  action: UseMutationResult<void, Error, string>;
  keys: MemberActionKeys;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const confirm = async () => {
    try {
      await action.mutateAsync(member.userId);
      toast.success(t(keys.done));
      onClose();
    } catch {
      toast.error(t(keys.failed));
    }
  };
  return (
    <ConfirmDialog
      open
      title={t(keys.title)}
      message={t(keys.message, { name: member.name || t('company.members.unnamed'), email: member.email })}
      confirmLabel={t(keys.confirm)}
      confirmColor="error"
      busy={action.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

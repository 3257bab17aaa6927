import { zodResolver } from '@hookform/resolvers/zod';
import type { Member } from '@portal/contracts/reseller';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { renameMemberFormSchema, useRenameMember } from '../api/rename-member.ts';

/** The owner renames a member (or themself). */
export function RenameMemberDialog({
  companyId,
  member,
  onClose,
  onRenamed,
}: {
  companyId: string;
  member: Member;
  onClose: () => void;
  /** After the new name is stored (e.g. to refresh the header when the owner renamed themself). */
  onRenamed?: (member: Member) => void;
}) {
  const { t } = useTranslation();
  const rename = useRenameMember(companyId);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(renameMemberFormSchema),
    defaultValues: { name: member.name },
    mode: 'onChange',
  });
  const { errors, isDirty } = formState;

  const submit = handleSubmit(async ({ name }) => {
    try {
      const renamed = await rename.mutateAsync({ userId: member.userId, name });
      toast.success(t('company.toast.saved'));
      onClose();
      onRenamed?.(renamed);
    } catch {
      toast.error(t('company.toast.saveFailed'));
    }
  });

  return (
    <FormDialog
      title={t('company.renameDialog.title')}
      isDirty={isDirty}
      busy={rename.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField
        registration={register('name')}
        error={errors.name}
        hint={member.email}
        label={t('company.renameDialog.name')}
        autoComplete="off"
        required
        autoFocus
        margin="dense"
      />
    </FormDialog>
  );
}

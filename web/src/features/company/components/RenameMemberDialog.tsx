import type { Member } from '@portal/contracts/reseller';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { useSchemaForm } from '@/shared/ui/use-schema-form.ts';
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
  const form = useSchemaForm(renameMemberFormSchema, {
    defaultValues: { name: member.name },
    mode: 'onChange',
  });

  const submit = form.handleSubmit(async ({ name }) => {
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
      isDirty={form.formState.isDirty}
      busy={rename.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField
        form={form}
        name="name"
        hint={member.email}
        label={t('company.renameDialog.name')}
        autoComplete="off"
        autoFocus
        margin="dense"
      />
    </FormDialog>
  );
}

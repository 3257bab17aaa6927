import { updateCompanyInfoSchema } from '@portal/contracts/reseller';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { useSchemaForm } from '@/shared/ui/use-schema-form.ts';
import { useUpdateCompanyName } from '../api/update-company-name.ts';

/** The owner renames the company. */
export function EditCompanyNameDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCompanyName();
  const form = useSchemaForm(updateCompanyInfoSchema, { defaultValues: { name }, mode: 'onChange' });

  const submit = form.handleSubmit(async (input) => {
    try {
      await update.mutateAsync(input);
      toast.success(t('company.toast.saved'));
      onClose();
    } catch {
      toast.error(t('company.toast.saveFailed'));
    }
  });

  return (
    <FormDialog
      title={t('company.nameDialog.title')}
      isDirty={form.formState.isDirty}
      busy={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField
        form={form}
        name="name"
        label={t('company.nameDialog.name')}
        autoComplete="organization"
        autoFocus
        margin="dense"
      />
    </FormDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { updateCompanyInfoSchema } from '@portal/contracts/reseller';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { useUpdateCompanyName } from '../api/update-company-name.ts';

/** The owner renames the company. */
export function EditCompanyNameDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCompanyName();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(updateCompanyInfoSchema),
    defaultValues: { name },
    mode: 'onChange',
  });
  const { errors, isDirty } = formState;

  const submit = handleSubmit(async (input) => {
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
      isDirty={isDirty}
      busy={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField
        registration={register('name')}
        error={errors.name}
        label={t('company.nameDialog.name')}
        autoComplete="organization"
        required
        autoFocus
        margin="dense"
      />
    </FormDialog>
  );
}

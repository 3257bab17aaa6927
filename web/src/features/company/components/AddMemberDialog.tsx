import Stack from '@mui/material/Stack';
import { createMemberSchema } from '@portal/contracts/reseller';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { useSchemaForm } from '@/shared/ui/use-schema-form.ts';
import { useCreateMember } from '../api/create-member.ts';
import { saveErrorKey } from '../save-error-key.ts';

/** Add a member by email and name; the server mails them a temporary password. */
export function AddMemberDialog({ companyId, onClose }: { companyId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateMember(companyId);
  const form = useSchemaForm(createMemberSchema, {
    defaultValues: { email: '', name: '' },
    mode: 'onTouched',
  });
  const { handleSubmit, formState, setError } = form;

  const submit = handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      toast.success(t('company.toast.saved'));
      onClose();
    } catch (error) {
      const key = saveErrorKey(error);
      if (key === 'company.toast.emailExists') setError('email', { message: t(key) });
      toast.error(t(key));
    }
  });

  return (
    <FormDialog
      title={t('company.addDialog.title')}
      isDirty={formState.isDirty}
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          form={form}
          name="email"
          hint={t('company.addDialog.hint')}
          type="email"
          label={t('company.addDialog.email')}
          autoComplete="off"
          autoFocus
        />
        <FormTextField form={form} name="name" label={t('company.addDialog.name')} autoComplete="off" />
      </Stack>
    </FormDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { createMemberSchema } from '@portal/contracts/reseller';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { type CreateMemberInput, useCreateMember } from '../api/create-member.ts';
import { saveErrorKey } from '../save-error-key.ts';

/** Add a member by email and name; the server mails them a temporary password. */
export function AddMemberDialog({ companyId, onClose }: { companyId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateMember(companyId);
  const { register, handleSubmit, formState, setError } = useForm<CreateMemberInput>({
    resolver: zodResolver(createMemberSchema),
    defaultValues: { email: '', name: '' },
    mode: 'onTouched',
  });
  const { errors, isDirty } = formState;

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
      isDirty={isDirty}
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          registration={register('email')}
          error={errors.email}
          hint={t('company.addDialog.hint')}
          type="email"
          label={t('company.addDialog.email')}
          autoComplete="off"
          required
          autoFocus
        />
        <FormTextField
          registration={register('name')}
          error={errors.name}
          label={t('company.addDialog.name')}
          autoComplete="off"
          required
        />
      </Stack>
    </FormDialog>
  );
}

import Stack from '@mui/material/Stack';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldProps } from '../forms/use-field-props.ts';
import { PasswordChecklist } from './PasswordChecklist.tsx';
import { PasswordField } from './PasswordField.tsx';

interface NewPasswordShape {
  newPassword: string;
  confirmPassword: string;
}

/** New password with SPEC §5's live checklist, and its confirmation. */
export function NewPasswordFields<T extends NewPasswordShape>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  // The generic form is narrowed to the two fields this component owns.
  const own = form as unknown as UseFormReturn<NewPasswordShape>;
  const field = useFieldProps(own);
  const password = useWatch({ control: own.control, name: 'newPassword' }) ?? '';
  return (
    <Stack spacing={2}>
      <PasswordField
        {...field('newPassword')}
        label={t('auth.fields.newPassword')}
        autoComplete="new-password"
        slotProps={{ htmlInput: { 'aria-describedby': 'new-password-rules' } }}
      />
      <PasswordChecklist password={password} id="new-password-rules" />
      <PasswordField
        {...field('confirmPassword')}
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
      />
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLazyAuthServices } from '@/shared/session/AuthServicesContext.tsx';
import { SignInEmailField } from '../components/SignInEmailField.tsx';
import { type AuthFailure, classifySendError } from '../errors/auth-failure.ts';
import { type ResetRequestForm, resetRequestFormSchema } from '../forms/auth-schemas.ts';
import { emailDraft, useEmailDraft } from '../forms/email-draft.ts';
import { useFieldProps } from '../forms/use-field-props.ts';
import { SignInFailureAlert } from '../login/SignInFailureAlert.tsx';

/** Step 1 of /forgot-password: the account's email; ForgotPassword mails a code. */
export function RequestCodeStep({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const auth = useLazyAuthServices();
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const form = useForm<ResetRequestForm>({
    resolver: zodResolver(resetRequestFormSchema),
    defaultValues: { email: emailDraft() },
  });
  useEmailDraft(form);
  const field = useFieldProps(form);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await auth().session.requestPasswordReset(email);
      onSent(email);
    } catch (error) {
      setFailure(classifySendError(error));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      <Typography color="text.secondary">{t('auth.resetPassword.requestIntro')}</Typography>
      {failure && (
        <SignInFailureAlert failure={failure} email={() => form.getValues('email')} onFailure={setFailure} />
      )}
      <SignInEmailField {...field('email')} />
      <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
        {t('auth.resetPassword.sendCode')}
      </Button>
    </Stack>
  );
}

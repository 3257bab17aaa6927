import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/shared/lib/toast.ts';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { useLazyAuthServices } from '@/shared/session/AuthServicesContext.tsx';
import { FailureAlert } from '../components/FailureAlert.tsx';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import {
  type AuthFailure,
  classifyAuthError,
  classifySendError,
  FAILURE_MESSAGE_KEYS,
} from '../errors/auth-failure.ts';
import { type ResetConfirmForm, resetConfirmFormSchema } from '../forms/auth-schemas.ts';
import { useFieldProps } from '../forms/use-field-props.ts';
import { forgetWrongPasswords } from '../login/password-failures.ts';

/** Step 2 of /forgot-password: the mailed code and a new password; success goes back to login. */
export function ConfirmResetStep({ email }: { email: string }) {
  const { t } = useTranslation();
  const auth = useLazyAuthServices();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [resending, setResending] = useState(false);
  const form = useForm<ResetConfirmForm>({
    resolver: zodResolver(resetConfirmFormSchema),
    defaultValues: { code: '', newPassword: '', confirmPassword: '' },
  });
  const field = useFieldProps(form);

  const onSubmit = form.handleSubmit(async ({ code, newPassword }) => {
    setFailure(null);
    try {
      await auth().session.confirmPasswordReset(email, code, newPassword);
      // A new password ends the lockout (the pool resets the count), so /login counts afresh.
      forgetWrongPasswords(email);
      toast.success(t('auth.resetPassword.success'));
      await navigate(pathTo(ROUTE.LOGIN), { replace: true });
    } catch (error) {
      setFailure(classifyAuthError(error));
    }
  });

  const sendAgain = async () => {
    setFailure(null);
    setResending(true);
    try {
      await auth().session.requestPasswordReset(email);
      toast.success(t('auth.login.resendSent'));
    } catch (error) {
      setFailure(classifySendError(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      <Typography color="text.secondary">{t('auth.resetPassword.codeSentTo', { email })}</Typography>
      {failure && <FailureAlert messageKeys={FAILURE_MESSAGE_KEYS[failure]} />}
      <TextField
        {...field('code')}
        label={t('auth.fields.code')}
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <NewPasswordFields form={form} />
      <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
        {t('auth.resetPassword.submit')}
      </Button>
      <Button variant="text" loading={resending} onClick={() => void sendAgain()}>
        {t('auth.resetPassword.resendCode')}
      </Button>
    </Stack>
  );
}

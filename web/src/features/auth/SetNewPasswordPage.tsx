import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { useLazyAuthServices } from '@/shared/session/AuthServicesContext.tsx';
import { FailureAlert } from './components/FailureAlert.tsx';
import { NewPasswordFields } from './components/NewPasswordFields.tsx';
import { classifyAuthError, FAILURE_MESSAGE_KEYS } from './errors/auth-failure.ts';
import { type NewPasswordForm, newPasswordFormSchema } from './forms/auth-schemas.ts';
import { useCompleteSignIn } from './login/use-complete-sign-in.ts';

/** The challenge's session is gone (3 minutes passed, or Amplify lost it): sign in again. */
const CHALLENGE_GONE = ['NotAuthorizedException', 'SignInException'];

function failureKeys(error: unknown): readonly string[] {
  const name = error instanceof Error ? error.name : '';
  if (CHALLENGE_GONE.includes(name)) return ['auth.errors.challengeExpired'];
  return FAILURE_MESSAGE_KEYS[classifyAuthError(error)];
}

/** /set-new-password: only while a NEW_PASSWORD_REQUIRED challenge is pending (the route's loader checks). */
export function SetNewPasswordPage() {
  const { t } = useTranslation();
  const auth = useLazyAuthServices();
  const completeSignIn = useCompleteSignIn();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<readonly string[] | null>(null);
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      const outcome = await auth().session.confirmNewPassword(newPassword);
      if (outcome === 'signedIn') await completeSignIn();
      // A pool or company that requires a second factor asks to set one up right after the new password.
      else if (outcome === 'twoStep') await navigate(pathTo(ROUTE.TWO_STEP_SIGN_IN));
    } catch (error) {
      console.error('Setting the new password failed', error);
      setFailure(failureKeys(error));
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      <Typography variant="h1">{t('auth.setNewPassword.heading')}</Typography>
      <Typography color="text.secondary">{t('auth.setNewPassword.intro')}</Typography>
      {failure && <FailureAlert messageKeys={failure} />}
      <NewPasswordFields form={form} />
      <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
        {t('auth.setNewPassword.submit')}
      </Button>
      <Link component={RouterLink} to={pathTo(ROUTE.LOGIN)} variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.setNewPassword.backToLogin')}
      </Link>
    </Stack>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AgreementText } from '../../brand/AgreementText.tsx';
import { pathTo, ROUTE } from '../../navigation/route-names.ts';
import { useLazyAuthServices } from './AuthServicesContext.tsx';
import { FailureAlert } from './components/FailureAlert.tsx';
import { LockoutDialog } from './components/LockoutDialog.tsx';
import { PasswordField } from './components/PasswordField.tsx';
import { type AuthFailure, classifyAuthError, FAILURE_MESSAGE_KEYS } from './errors/auth-failure.ts';
import { type SignInForm, signInFormSchema } from './forms/auth-schemas.ts';
import { useFieldProps } from './forms/use-field-props.ts';
import { ResendPasswordButton } from './login/ResendPasswordButton.tsx';
import { useCompleteSignIn } from './session/use-complete-sign-in.ts';

/** /login (SPEC §2): email and password, every sign-in error of SPEC §8, agreement text. */
export function LoginPage() {
  const { t } = useTranslation();
  const auth = useLazyAuthServices();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [lockoutOpen, setLockoutOpen] = useState(false);
  const form = useForm<SignInForm>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: '', password: '' },
  });
  const field = useFieldProps(form);

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const outcome = await auth().session.signIn(email, password);
      if (outcome === 'newPasswordRequired') await navigate(pathTo(ROUTE.SET_NEW_PASSWORD));
      else await completeSignIn();
    } catch (error) {
      const kind = classifyAuthError(error);
      if (kind === 'unknown') console.error('Sign-in failed', error);
      setFailure(kind);
      if (kind === 'lockedOut') setLockoutOpen(true);
    }
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      {failure && (
        <FailureAlert
          messageKeys={FAILURE_MESSAGE_KEYS[failure]}
          action={
            failure === 'temporaryPasswordExpired' ? (
              <ResendPasswordButton email={() => form.getValues('email')} onFailure={setFailure} />
            ) : undefined
          }
        />
      )}
      <TextField
        {...field('email')}
        label={t('auth.fields.email')}
        type="email"
        autoComplete="username"
        autoFocus
        fullWidth
      />
      <PasswordField
        {...field('password')}
        label={t('auth.fields.password')}
        autoComplete="current-password"
      />
      <Link
        component={RouterLink}
        to={pathTo(ROUTE.RESET_PASSWORD)}
        variant="body2"
        sx={{ alignSelf: 'flex-end' }}
      >
        {t('auth.login.forgotPassword')}
      </Link>
      <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
        {t('auth.login.submit')}
      </Button>
      <AgreementText />
      <LockoutDialog
        open={lockoutOpen}
        onCancel={() => setLockoutOpen(false)}
        onReset={() => void navigate(pathTo(ROUTE.RESET_PASSWORD))}
      />
    </Stack>
  );
}

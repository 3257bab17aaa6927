import { zodResolver } from '@hookform/resolvers/zod';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { SignInOutput } from 'aws-amplify/auth';
import { useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AgreementText } from '@/shared/brand/AgreementText.tsx';
import {
  readPrerenderedSignIn,
  removePrerenderedLogin,
  takeHandOver,
  typeInto,
} from '@/shared/lib/prerendered-login.ts';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { useLazyAuthServices } from '@/shared/session/AuthServicesContext.tsx';
import type { SignInOutcome } from '@/shared/session/amplify/sign-in-outcome.ts';
import { AuthTextField } from './components/AuthTextField.tsx';
import { FailureAlert } from './components/FailureAlert.tsx';
import { usePasswordVisibility } from './components/password-visibility.tsx';
import { SignInEmailField } from './components/SignInEmailField.tsx';
import { type AuthFailure, classifyAuthError } from './errors/auth-failure.ts';
import { type SignInForm, signInFormSchema } from './forms/auth-schemas.ts';
import { emailDraft, forgetEmailDraft, useEmailDraft } from './forms/email-draft.ts';
import { useFieldProps } from './forms/use-field-props.ts';
import { forgetWrongPasswords, noteWrongPassword } from './login/password-failures.ts';
import { SignInFailureAlert } from './login/SignInFailureAlert.tsx';
import { useCompleteSignIn } from './login/use-complete-sign-in.ts';

type LockoutDialogComponent = typeof import('./components/LockoutDialog.tsx').LockoutDialog;
let lockoutDialog: Promise<LockoutDialogComponent> | undefined;

/**
 * The lockout warning (a Dialog, with Modal) is its own chunk, which /login starts loading on submit; the
 * failure waits for it, so the alert and the warning appear together, as before.
 */
function loadLockoutDialog(): Promise<LockoutDialogComponent> {
  lockoutDialog ??= import('./components/LockoutDialog.tsx').then(
    (module) => module.LockoutDialog,
    (error: unknown) => {
      lockoutDialog = undefined;
      throw error;
    },
  );
  return lockoutDialog;
}

function preloadResetPasswordPage(): void {
  void import('./ResetPasswordPage.tsx').catch(() => undefined);
}

/** /login (SPEC §2): email and password, every sign-in error of SPEC §8, agreement text. */
export function LoginPage() {
  const { t } = useTranslation();
  const auth = useLazyAuthServices();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const [passkeyFailure, setPasskeyFailure] = useState<readonly string[] | null>(null);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [lockoutOpen, setLockoutOpen] = useState(false);
  // Mounted from the first lockout on, so the dialog keeps its closing transition.
  const [LockoutDialog, setLockoutDialog] = useState<LockoutDialogComponent | null>(null);
  const form = useForm<SignInForm>({
    resolver: zodResolver(signInFormSchema),
    defaultValues: { email: emailDraft(), password: '' },
  });
  useEmailDraft(form);
  const formElement = useRef<HTMLFormElement>(null);
  const field = useFieldProps(form);
  const passwordVisibility = usePasswordVisibility();

  const follow = async (outcome: SignInOutcome) => {
    forgetEmailDraft();
    if (outcome === 'newPasswordRequired') await navigate(pathTo(ROUTE.SET_NEW_PASSWORD));
    else if (outcome === 'twoStep') await navigate(pathTo(ROUTE.TWO_STEP_SIGN_IN));
    else await completeSignIn();
  };

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFailure(null);
    setPasskeyFailure(null);
    void loadLockoutDialog().catch(() => undefined);
    try {
      const outcome = await auth().session.signIn(email, password);
      forgetWrongPasswords(email);
      await follow(outcome);
    } catch (error) {
      let kind = classifyAuthError(error);
      // Past the fifth failure the account is locked, even when the lock ran out before this attempt.
      if (kind === 'badCredentials' && noteWrongPassword(email)) kind = 'lockedOut';
      if (kind === 'unknown') console.error('Sign-in failed', error);
      if (kind === 'lockedOut') {
        const dialog = await loadLockoutDialog().catch(() => null);
        setLockoutDialog(() => dialog);
        setLockoutOpen(dialog !== null);
      }
      setFailure(kind);
    }
  });

  /** Passkey sign-in (USER_AUTH, WEB_AUTHN): needs the e-mail only; Cognito names no account without it. */
  const signInWithPasskey = async () => {
    setFailure(null);
    setPasskeyFailure(null);
    if (!(await form.trigger('email'))) return;
    setPasskeyBusy(true);
    try {
      await follow(await auth().session.signInWithPasskey(form.getValues('email')));
    } catch (error) {
      const kind = classifyAuthError(error);
      if (kind === 'accountNotFound' || kind === 'network' || kind === 'alreadySignedIn') setFailure(kind);
      // The passkey's messages load with its failure: /login's first JavaScript stays as small as it was.
      else
        setPasskeyFailure(
          (await import('@/shared/ui/two-step/two-step-failure.ts')).twoStepFailureKeys(error),
        );
      if (kind === 'unknown') console.error('Passkey sign-in failed', error);
    } finally {
      setPasskeyBusy(false);
    }
  };

  /** A sign-in the pre-rendered form started and Amplify holds at a step: continued as an own one would be. */
  const continueHandedOver = async (output: SignInOutput, email: string, password?: string) => {
    try {
      await follow(await auth().session.continueSignIn(output, email, password));
    } catch (error) {
      console.error('Sign-in failed', error);
      setFailure(classifyAuthError(error));
    }
  };

  // Before the first paint, the form index.html pre-rendered (if any) gives way to this one, which takes
  // over what the user typed, the focus and a pending submit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page takes over.
  useLayoutEffect(() => {
    const typed = readPrerenderedSignIn();
    removePrerenderedLogin();
    if (!typed) return;
    for (const name of ['email', 'password'] as const) {
      const input = formElement.current?.elements.namedItem(name);
      if (!(input instanceof HTMLInputElement)) continue;
      if (typed[name]) typeInto(input, typed[name]);
      if (typed.focused === name) input.focus();
    }
    // The form's sign-in stopped at a step it does not offer (shared/lib/prerendered-login.ts): the app goes
    // on with the same sign-in in Amplify (a second factor's step), or runs the passkey the visitor chose.
    const handOver = takeHandOver(['signInStep', 'passkey']);
    if (handOver?.kind === 'signInStep')
      void continueHandedOver(handOver.output, handOver.email, handOver.password);
    else if (handOver?.kind === 'passkey') void signInWithPasskey();
    else if (typed.submitted) void onSubmit();
  }, []);

  return (
    <Stack
      ref={formElement}
      component="form"
      noValidate
      spacing={2.5}
      onSubmit={onSubmit}
      // Amplify loads on demand: start when the user types, so the submit does not wait for it.
      onInput={() => auth().session.preload?.()}
    >
      {passkeyFailure && <FailureAlert messageKeys={passkeyFailure} />}
      {failure && (
        <SignInFailureAlert failure={failure} email={() => form.getValues('email')} onFailure={setFailure} />
      )}
      <SignInEmailField {...field('email')} />
      <AuthTextField
        {...field('password')}
        {...passwordVisibility}
        label={t('auth.fields.password')}
        autoComplete="current-password"
        fullWidth
      />
      <Link
        component={RouterLink}
        to={pathTo(ROUTE.RESET_PASSWORD)}
        // Its page's chunk starts loading on the way to the link, so the page follows the tap at once.
        onPointerEnter={preloadResetPasswordPage}
        onFocus={preloadResetPasswordPage}
        onTouchStart={preloadResetPasswordPage}
        variant="body2"
        sx={{ alignSelf: 'flex-end' }}
      >
        {t('auth.login.forgotPassword')}
      </Link>
      <Button type="submit" variant="contained" size="large" fullWidth loading={form.formState.isSubmitting}>
        {t('auth.login.submit')}
      </Button>
      <Button
        variant="outlined"
        size="large"
        fullWidth
        startIcon={<KeyOutlined />}
        loading={passkeyBusy}
        disabled={form.formState.isSubmitting}
        onClick={() => void signInWithPasskey()}
      >
        {t('auth.login.signInWithPasskey')}
      </Button>
      <AgreementText />
      {LockoutDialog && (
        <LockoutDialog
          open={lockoutOpen}
          onCancel={() => setLockoutOpen(false)}
          onReset={() => void navigate(pathTo(ROUTE.RESET_PASSWORD))}
        />
      )}
    </Stack>
  );
}

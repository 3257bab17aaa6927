import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBrand } from '@/shared/brand/BrandContext.tsx';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { useLazyAuthServices } from '@/shared/session/AuthServicesContext.tsx';
import { AuthTextField } from './components/AuthTextField.tsx';
import { FailureAlert } from './components/FailureAlert.tsx';
import { classifyAuthError, FAILURE_MESSAGE_KEYS } from './errors/auth-failure.ts';
import { useCompleteSignIn } from './login/use-complete-sign-in.ts';

/** VerifySoftwareToken refuses a wrong code with this in Amazon Cognito, CodeMismatchException elsewhere. */
const WRONG_CODE = ['EnableSoftwareTokenMFAException', 'CodeMismatchException'];

function failureKeys(error: unknown): readonly string[] {
  if (error instanceof Error && WRONG_CODE.includes(error.name)) return ['auth.twoStepSetup.wrongCode'];
  return FAILURE_MESSAGE_KEYS[classifyAuthError(error)];
}

/**
 * /two-step-setup: where a member whose company requires two-step sign-in (issue 25 item 7) lands until
 * they have a second factor; every other page sends them here (the guard, and the API client on 403
 * MFA_REQUIRED). A minimal authenticator-app setup (the key as text, confirmed with a code): the full
 * "Sign-in security" screens (QR code, e-mailed codes, passkeys) live in Profile settings (decision 0027).
 */
export function TwoStepSetupPage() {
  const { t } = useTranslation();
  const auth = useLazyAuthServices();
  const brand = useBrand();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<readonly string[] | null>(null);

  const run = async (step: () => Promise<void>, what: string) => {
    setFailure(null);
    setBusy(true);
    try {
      await step();
    } catch (error) {
      console.error(what, error);
      setFailure(failureKeys(error));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    run(async () => {
      const { session } = auth();
      const email = (await session.current())?.email ?? '';
      setSetup(await session.setUpAuthenticator(email, brand.productName));
    }, 'Starting the authenticator setup failed');

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await auth().session.confirmAuthenticator(code);
      await completeSignIn();
    }, 'Confirming the authenticator failed');
  };

  const signOut = () =>
    run(async () => {
      await auth().session.signOut();
      await navigate(pathTo(ROUTE.LOGIN), { replace: true });
    }, 'Signing out failed');

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={confirm}>
      <Typography variant="h1">{t('auth.twoStepSetup.heading')}</Typography>
      <Typography color="text.secondary">{t('auth.twoStepSetup.intro')}</Typography>
      {failure && <FailureAlert messageKeys={failure} />}
      {!setup ? (
        <Button variant="contained" size="large" fullWidth loading={busy} onClick={() => void start()}>
          {t('auth.twoStepSetup.start')}
        </Button>
      ) : (
        <>
          <Typography>{t('auth.twoStepSetup.addKey')}</Typography>
          <Box
            component="code"
            data-testid="authenticator-secret"
            sx={{
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontSize: '1rem',
              letterSpacing: '0.08em',
              overflowWrap: 'anywhere',
              userSelect: 'all',
            }}
          >
            {setup.secret}
          </Box>
          <Link href={setup.uri} variant="body2">
            {t('auth.twoStepSetup.openApp')}
          </Link>
          <AuthTextField
            label={t('auth.twoStepSetup.code')}
            name="code"
            autoComplete="one-time-code"
            autoFocus
            fullWidth
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" variant="contained" size="large" fullWidth loading={busy}>
            {t('auth.twoStepSetup.confirm')}
          </Button>
        </>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('auth.twoStepSetup.later')}
      </Typography>
      <Button variant="text" onClick={() => void signOut()} disabled={busy} sx={{ alignSelf: 'center' }}>
        {t('auth.twoStepSetup.signOut')}
      </Button>
    </Stack>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBrand } from '@/shared/brand/BrandContext.tsx';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { useLazyAuthServices } from '@/shared/session/AuthServicesContext.tsx';
import { ONE_TIME_CODE, OneTimeCodeField } from '@/shared/ui/two-step/OneTimeCodeField.tsx';
import { TotpSecretPanel } from '@/shared/ui/two-step/TotpSecretPanel.tsx';
import { twoStepFailureKeys } from '@/shared/ui/two-step/two-step-failure.ts';
import { FailureAlert } from './components/FailureAlert.tsx';
import { useCompleteSignIn } from './login/use-complete-sign-in.ts';

/** VerifySoftwareToken refuses a wrong code with this in Amazon Cognito, CodeMismatchException elsewhere. */
const WRONG_CODE = ['EnableSoftwareTokenMFAException', 'CodeMismatchException'];

function failureKeys(error: unknown): readonly string[] {
  if (error instanceof Error && WRONG_CODE.includes(error.name)) return ['auth.twoStepSetup.wrongCode'];
  return twoStepFailureKeys(error);
}

/**
 * /two-step-setup: where a member whose company requires two-step sign-in (issue 25 item 7) lands until
 * they have a second factor; every other page sends them here (the guard, and the API client on 403
 * MFA_REQUIRED). An authenticator app, set up with the Sign-in security pieces (QR code drawn here, the key
 * as text, the code field); e-mailed codes and passkeys are added later in Profile settings (decision 0027).
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
  const [invalid, setInvalid] = useState(false);

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
    setInvalid(!ONE_TIME_CODE.test(code));
    if (!ONE_TIME_CODE.test(code)) return;
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
          <TotpSecretPanel uri={setup.uri} secret={setup.secret} />
          <OneTimeCodeField value={code} onChange={setCode} invalid={invalid} autoFocus />
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

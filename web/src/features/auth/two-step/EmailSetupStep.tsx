import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { twoStepFailureKeys } from '@/shared/ui/two-step/two-step-failure.ts';
import { FailureAlert } from '../components/FailureAlert.tsx';

/**
 * CONTINUE_SIGN_IN_WITH_EMAIL_SETUP: codes go to the account's own e-mail (the sign-in name, already
 * verified), so the step only asks to send the first one; Cognito then asks for it (EMAIL_OTP).
 */
export function EmailSetupStep({
  email,
  onSubmit,
}: {
  email: string;
  onSubmit: (email: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<readonly string[] | null>(null);

  const send = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await onSubmit(email);
    } catch (error) {
      console.error('E-mail codes could not be set up', error);
      setFailure(twoStepFailureKeys(error, 'mail'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack spacing={2.5}>
      <Typography variant="h1">{t('auth.twoStep.emailSetupHeading')}</Typography>
      <Typography color="text.secondary">{t('auth.twoStep.emailSetupIntro', { email })}</Typography>
      {failure && <FailureAlert messageKeys={failure} />}
      <Button variant="contained" size="large" fullWidth loading={busy} onClick={() => void send()}>
        {t('auth.twoStep.sendCode')}
      </Button>
    </Stack>
  );
}

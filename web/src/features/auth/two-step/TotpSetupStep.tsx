import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/shared/brand/BrandContext.tsx';
import type { TotpSetup } from '@/shared/session/two-step/two-step-challenge.ts';
import { ONE_TIME_CODE, OneTimeCodeField } from '@/shared/ui/two-step/OneTimeCodeField.tsx';
import { TotpSecretPanel } from '@/shared/ui/two-step/TotpSecretPanel.tsx';
import { twoStepFailureKeys } from '@/shared/ui/two-step/two-step-failure.ts';
import { FailureAlert } from '../components/FailureAlert.tsx';

/** CONTINUE_SIGN_IN_WITH_TOTP_SETUP: scan or type the secret, then confirm with the app's first code. */
export function TotpSetupStep({
  setup,
  email,
  onSubmit,
}: {
  setup: TotpSetup;
  email: string;
  onSubmit: (code: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<readonly string[] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ONE_TIME_CODE.test(code)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setFailure(null);
    setBusy(true);
    try {
      await onSubmit(code);
    } catch (error) {
      console.error('The authenticator app could not be set up', error);
      setFailure(twoStepFailureKeys(error, 'app'));
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      <Typography variant="h1">{t('auth.twoStep.totpSetupHeading')}</Typography>
      <Typography color="text.secondary">{t('auth.twoStep.totpSetupIntro')}</Typography>
      {failure && <FailureAlert messageKeys={failure} />}
      <TotpSecretPanel uri={setup.uri(brand.productName, email)} secret={setup.secret} />
      <OneTimeCodeField value={code} onChange={setCode} invalid={invalid} />
      <Button type="submit" variant="contained" size="large" fullWidth loading={busy}>
        {t('auth.twoStep.verify')}
      </Button>
    </Stack>
  );
}

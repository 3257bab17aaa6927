import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '@/shared/session/two-step/two-step-challenge.ts';
import { ONE_TIME_CODE, OneTimeCodeField } from '@/shared/ui/two-step/OneTimeCodeField.tsx';
import { TotpSecretPanel } from '@/shared/ui/two-step/TotpSecretPanel.tsx';
import { twoStepFailureKeys } from '@/shared/ui/two-step/two-step-failure.ts';

/** The secret of setUpTOTP as QR code and text, confirmed with the app's first code (verifyTOTPSetup). */
export function AuthenticatorAppSetup({
  setup,
  issuer,
  account,
  onVerify,
  onCancel,
}: {
  setup: TotpSetup;
  issuer: string;
  account: string;
  onVerify: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<readonly string[] | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!ONE_TIME_CODE.test(code)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setFailure(null);
    setBusy(true);
    try {
      await onVerify(code);
    } catch (error) {
      console.error('The authenticator app could not be verified', error);
      setFailure(twoStepFailureKeys(error, 'app'));
      setCode('');
      setBusy(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <TotpSecretPanel uri={setup.uri(issuer, account)} secret={setup.secret} />
      {failure && (
        <Alert severity="error" role="alert">
          {failure.map((key) => t(key)).join('')}
        </Alert>
      )}
      <OneTimeCodeField value={code} onChange={setCode} invalid={invalid} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={busy}>
          {t('profile.security.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={busy}>
          {t('profile.security.verify')}
        </Button>
      </Stack>
    </Stack>
  );
}

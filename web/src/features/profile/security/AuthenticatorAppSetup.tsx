import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { TotpSetup } from '@/shared/session/two-step/two-step-challenge.ts';
import { OneTimeCodeField } from '@/shared/ui/two-step/OneTimeCodeField.tsx';
import { TotpSecretPanel } from '@/shared/ui/two-step/TotpSecretPanel.tsx';
import { useOneTimeCodeForm } from '@/shared/ui/two-step/use-one-time-code-form.ts';

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
  const form = useOneTimeCodeForm({
    source: 'app',
    verify: onVerify,
    failureLog: 'The authenticator app could not be verified',
  });

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        // A submit bubbles through React portals: no form around the dialog may see this one's.
        event.stopPropagation();
        void form.submit(event);
      }}
    >
      <TotpSecretPanel uri={setup.uri(issuer, account)} secret={setup.secret} />
      {form.failure && (
        <Alert severity="error" role="alert">
          {form.failure.map((key) => t(key)).join('')}
        </Alert>
      )}
      <OneTimeCodeField value={form.code} onChange={form.setCode} invalid={form.invalid} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={form.busy}>
          {t('profile.security.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={form.busy}>
          {t('profile.security.verify')}
        </Button>
      </Stack>
    </Stack>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/shared/brand/BrandContext.tsx';
import type { TotpSetup } from '@/shared/session/two-step/two-step-challenge.ts';
import { OneTimeCodeField } from '@/shared/ui/two-step/OneTimeCodeField.tsx';
import { TotpSecretPanel } from '@/shared/ui/two-step/TotpSecretPanel.tsx';
import { useOneTimeCodeForm } from '@/shared/ui/two-step/use-one-time-code-form.ts';
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
  const form = useOneTimeCodeForm({
    source: 'app',
    verify: onSubmit,
    failureLog: 'The authenticator app could not be set up',
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={form.submit}>
      <Typography variant="h1">{t('auth.twoStep.totpSetupHeading')}</Typography>
      <Typography color="text.secondary">{t('auth.twoStep.totpSetupIntro')}</Typography>
      {form.failure && <FailureAlert messageKeys={form.failure} />}
      <TotpSecretPanel uri={setup.uri(brand.productName, email)} secret={setup.secret} />
      <OneTimeCodeField value={form.code} onChange={form.setCode} invalid={form.invalid} />
      <Button type="submit" variant="contained" size="large" fullWidth loading={form.busy}>
        {t('auth.twoStep.verify')}
      </Button>
    </Stack>
  );
}

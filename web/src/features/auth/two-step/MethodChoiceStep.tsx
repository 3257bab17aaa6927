import MailOutlined from '@mui/icons-material/MailOutlined';
import PhonelinkLockOutlined from '@mui/icons-material/PhonelinkLockOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactor } from '@/shared/session/two-step/two-step-challenge.ts';
import { twoStepFailureKeys } from '@/shared/ui/two-step/two-step-failure.ts';
import { FailureAlert } from '../components/FailureAlert.tsx';

/**
 * Which second factor to use (CONTINUE_SIGN_IN_WITH_MFA_SELECTION) or to set up, when the pool or the
 * company requires one and the account has none (CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION).
 */
export function MethodChoiceStep({
  purpose,
  methods,
  onChoose,
}: {
  purpose: 'use' | 'setUp';
  methods: readonly SecondFactor[];
  onChoose: (method: SecondFactor) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SecondFactor | null>(null);
  const [failure, setFailure] = useState<readonly string[] | null>(null);

  const choose = async (method: SecondFactor) => {
    setFailure(null);
    setBusy(method);
    try {
      await onChoose(method);
    } catch (error) {
      console.error('The second step could not continue', error);
      setFailure(twoStepFailureKeys(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack spacing={2.5}>
      <Typography variant="h1">
        {t(purpose === 'use' ? 'auth.twoStep.chooseHeading' : 'auth.twoStep.chooseSetupHeading')}
      </Typography>
      <Typography color="text.secondary">
        {t(purpose === 'use' ? 'auth.twoStep.chooseIntro' : 'auth.twoStep.chooseSetupIntro')}
      </Typography>
      {failure && <FailureAlert messageKeys={failure} />}
      {methods.map((method) => (
        <Button
          key={method}
          variant="outlined"
          size="large"
          fullWidth
          startIcon={method === 'TOTP' ? <PhonelinkLockOutlined /> : <MailOutlined />}
          loading={busy === method}
          disabled={busy !== null && busy !== method}
          onClick={() => void choose(method)}
          sx={{ justifyContent: 'flex-start' }}
        >
          {t(method === 'TOTP' ? 'auth.twoStep.methodApp' : 'auth.twoStep.methodMail')}
        </Button>
      ))}
    </Stack>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '@/shared/ui/two-step/OneTimeCodeField.tsx';
import { type CodeSource, twoStepFailureKeys } from '@/shared/ui/two-step/two-step-failure.ts';
import { useOneTimeCodeForm } from '@/shared/ui/two-step/use-one-time-code-form.ts';
import { FailureAlert } from '../components/FailureAlert.tsx';

export interface CodeStepProps {
  source: CodeSource;
  /** The masked address Cognito mailed the code to. */
  destination?: string | undefined;
  onSubmit: (code: string) => Promise<void>;
  /** "Send a new code" (mailed codes only). */
  onResend?: () => Promise<void>;
}

/** The code of the second step: from the authenticator app (TOTP) or mailed (EMAIL_OTP). */
export function CodeStep({ source, destination, onSubmit, onResend }: CodeStepProps) {
  const { t } = useTranslation();
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState(false);
  const form = useOneTimeCodeForm({
    source,
    verify: onSubmit,
    failureLog: 'The sign-in code was not accepted',
    onAttempt: () => setResent(false),
  });

  const resend = async () => {
    if (!onResend) return;
    form.setFailure(null);
    setResent(false);
    setResending(true);
    try {
      await onResend();
      setResent(true);
      form.setCode('');
    } catch (error) {
      console.error('A new sign-in code could not be sent', error);
      form.setFailure(twoStepFailureKeys(error, source));
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={form.submit}>
      <Typography variant="h1">
        {t(source === 'app' ? 'auth.twoStep.appCodeHeading' : 'auth.twoStep.mailCodeHeading')}
      </Typography>
      <Typography color="text.secondary">
        {source === 'app'
          ? t('auth.twoStep.appCodeIntro')
          : destination
            ? t('auth.twoStep.mailCodeIntroTo', { destination })
            : t('auth.twoStep.mailCodeIntro')}
      </Typography>
      {form.failure && <FailureAlert messageKeys={form.failure} />}
      {resent && (
        <Typography role="status" color="success.main">
          {t('auth.twoStep.codeResent')}
        </Typography>
      )}
      <OneTimeCodeField value={form.code} onChange={form.setCode} invalid={form.invalid} autoFocus />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={form.busy}
        disabled={resending}
      >
        {t('auth.twoStep.verify')}
      </Button>
      {onResend && (
        <Button variant="text" onClick={() => void resend()} loading={resending} disabled={form.busy}>
          {t('auth.twoStep.resendCode')}
        </Button>
      )}
    </Stack>
  );
}

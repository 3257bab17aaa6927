import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ONE_TIME_CODE, OneTimeCodeField } from '@/shared/ui/two-step/OneTimeCodeField.tsx';
import { type CodeSource, twoStepFailureKeys } from '@/shared/ui/two-step/two-step-failure.ts';
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
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null);
  const [failure, setFailure] = useState<readonly string[] | null>(null);
  const [resent, setResent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ONE_TIME_CODE.test(code)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setFailure(null);
    setResent(false);
    setBusy('verify');
    try {
      await onSubmit(code);
    } catch (error) {
      console.error('The sign-in code was not accepted', error);
      setFailure(twoStepFailureKeys(error, source));
      setCode('');
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    if (!onResend) return;
    setFailure(null);
    setResent(false);
    setBusy('resend');
    try {
      await onResend();
      setResent(true);
      setCode('');
    } catch (error) {
      console.error('A new sign-in code could not be sent', error);
      setFailure(twoStepFailureKeys(error, source));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
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
      {failure && <FailureAlert messageKeys={failure} />}
      {resent && (
        <Typography role="status" color="success.main">
          {t('auth.twoStep.codeResent')}
        </Typography>
      )}
      <OneTimeCodeField value={code} onChange={setCode} invalid={invalid} autoFocus />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={busy === 'verify'}
        disabled={busy === 'resend'}
      >
        {t('auth.twoStep.verify')}
      </Button>
      {onResend && (
        <Button
          variant="text"
          onClick={() => void resend()}
          loading={busy === 'resend'}
          disabled={busy === 'verify'}
        >
          {t('auth.twoStep.resendCode')}
        </Button>
      )}
    </Stack>
  );
}

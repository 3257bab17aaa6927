import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { twoStepFailureKeys } from '@/shared/ui/two-step/two-step-failure.ts';

/** "Confirm it's you": the password, or a passkey, before sign-in security can change (docs/decisions/0026). */
export function ConfirmIdentityForm({
  onPassword,
  onPasskey,
}: {
  onPassword: (password: string) => Promise<void>;
  onPasskey: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);
  const [busy, setBusy] = useState<'password' | 'passkey' | null>(null);
  const [failure, setFailure] = useState<readonly string[] | null>(null);

  const run = async (kind: 'password' | 'passkey', action: () => Promise<void>) => {
    setFailure(null);
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      console.error('The confirmation failed', error);
      setFailure(twoStepFailureKeys(error));
      setBusy(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setEmpty(password === '');
    if (password !== '') void run('password', () => onPassword(password));
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography color="text.secondary">{t('profile.security.confirmIntro')}</Typography>
      {failure && (
        <Alert severity="error" role="alert">
          {failure.map((key) => t(key)).join('')}
        </Alert>
      )}
      <TextField
        label={t('profile.security.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={empty}
        helperText={empty ? t('components.validation.fieldEmpty') : undefined}
        autoFocus
        fullWidth
      />
      <Button type="submit" variant="contained" loading={busy === 'password'} disabled={busy === 'passkey'}>
        {t('profile.security.confirm')}
      </Button>
      <Button
        variant="text"
        startIcon={<KeyOutlined />}
        loading={busy === 'passkey'}
        disabled={busy === 'password'}
        onClick={() => void run('passkey', onPasskey)}
      >
        {t('profile.security.confirmWithPasskey')}
      </Button>
    </Stack>
  );
}

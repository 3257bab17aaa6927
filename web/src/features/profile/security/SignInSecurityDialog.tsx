import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/shared/brand/BrandContext.tsx';
import { toast } from '@/shared/lib/toast.ts';
import { useLazyAuthServices } from '@/shared/session/AuthServicesContext.tsx';
import type {
  Passkey,
  SecondFactor,
  SecondFactorSettings,
  TotpSetup,
} from '@/shared/session/two-step/two-step-challenge.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { twoStepFailureKeys } from '@/shared/ui/two-step/two-step-failure.ts';
import { AuthenticatorAppSetup } from './AuthenticatorAppSetup.tsx';
import { ConfirmIdentityForm } from './ConfirmIdentityForm.tsx';
import { PasskeyList } from './PasskeyList.tsx';

export interface SignInSecurityDialogProps {
  open: boolean;
  /** The account's e-mail, the account name in the authenticator app. */
  email: string;
  onClose: () => void;
}

function Section({ title, status, children }: { title: string; status?: ReactNode; children: ReactNode }) {
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        {status}
      </Box>
      {children}
    </Stack>
  );
}

/**
 * Profile settings' "Sign-in security" (issue 25 item 5): authenticator app, e-mail codes, the preferred
 * method and passkeys, all after "Confirm it's you" (password or passkey; forgotten when the dialog closes).
 */
export function SignInSecurityDialog({ open, email, onClose }: SignInSecurityDialogProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const auth = useLazyAuthServices();
  const security = () => auth().session.security;
  const fullScreen = useMediaQuery((theme) => theme.breakpoints.down('sm'));
  const [confirmed, setConfirmed] = useState(false);
  const [settings, setSettings] = useState<SecondFactorSettings | null>(null);
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [totpSetup, setTotpSetup] = useState<TotpSetup | null>(null);
  const [deleting, setDeleting] = useState<Passkey | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<readonly string[] | null>(null);

  /**
   * Reads the settings and the passkeys apart: a pool without passkeys (Cognito's Lite plan) or one failing
   * read still shows the rest. A failure throws once both are in.
   */
  const reload = async () => {
    const [loadedSettings, loadedPasskeys] = await Promise.allSettled([
      security().settings(),
      security().passkeys(),
    ]);
    if (loadedSettings.status === 'fulfilled') setSettings(loadedSettings.value);
    if (loadedPasskeys.status === 'fulfilled') setPasskeys(loadedPasskeys.value);
    if (loadedSettings.status === 'rejected') throw loadedSettings.reason;
    if (loadedPasskeys.status === 'rejected') throw loadedPasskeys.reason;
  };

  useEffect(() => {
    if (open) return;
    setConfirmed(false);
    setSettings(null);
    setPasskeys(null);
    setTotpSetup(null);
    setFailure(null);
    auth().session.security.forgetConfirmation();
  }, [open, auth]);

  /** Reloads after a change; a failed read is said above the sections, the change itself stands. */
  const refresh = () =>
    reload().catch((error: unknown) => {
      console.error('Sign-in security could not be loaded', error);
      setFailure(twoStepFailureKeys(error));
    });

  /** Runs a change, then reloads what it changed; failures show above the sections. */
  const run = async (label: string, change: () => Promise<void>, success?: string) => {
    setFailure(null);
    setBusy(label);
    try {
      await change();
    } catch (error) {
      console.error('A sign-in security change failed', error);
      setFailure(twoStepFailureKeys(error));
      return;
    } finally {
      setBusy(null);
    }
    await refresh();
    if (success) toast.success(success);
  };

  const afterConfirmation = async (confirm: () => Promise<void>) => {
    await confirm();
    setConfirmed(true);
    await refresh();
  };

  const enabled = (factor: SecondFactor) => settings?.enabled.includes(factor) ?? false;
  const saved = t('profile.security.saved');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="sign-in-security-title"
    >
      <DialogTitle id="sign-in-security-title">{t('profile.security.title')}</DialogTitle>
      <DialogContent>
        {!confirmed ? (
          <ConfirmIdentityForm
            onPassword={(password) => afterConfirmation(() => security().confirmWithPassword(password))}
            onPasskey={() => afterConfirmation(() => security().confirmWithPasskey())}
          />
        ) : (
          <Stack spacing={2.5} sx={{ pt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t('profile.security.intro')}
            </Typography>
            {failure && (
              <Alert severity="error" role="alert">
                {failure.map((key) => t(key)).join('')}
              </Alert>
            )}
            <Section
              title={t('profile.security.app')}
              status={
                settings && (
                  <Chip
                    size="small"
                    color={enabled('TOTP') ? 'success' : 'default'}
                    label={t(enabled('TOTP') ? 'profile.security.on' : 'profile.security.off')}
                  />
                )
              }
            >
              <Typography variant="body2" color="text.secondary">
                {t('profile.security.appHint')}
              </Typography>
              {totpSetup ? (
                <AuthenticatorAppSetup
                  setup={totpSetup}
                  issuer={brand.productName}
                  account={email}
                  onCancel={() => setTotpSetup(null)}
                  onVerify={async (code) => {
                    await security().finishTotpSetup(code);
                    setTotpSetup(null);
                    toast.success(t('profile.security.appReady'));
                    await refresh();
                  }}
                />
              ) : (
                <Box>
                  {enabled('TOTP') ? (
                    <Button
                      variant="outlined"
                      color="error"
                      loading={busy === 'totp-off'}
                      onClick={() => void run('totp-off', () => security().setFactor('TOTP', false), saved)}
                    >
                      {t('profile.security.turnOffApp')}
                    </Button>
                  ) : (
                    <Button
                      variant="outlined"
                      loading={busy === 'totp-setup'}
                      disabled={!settings}
                      onClick={() =>
                        void run('totp-setup', async () => setTotpSetup(await security().startTotpSetup()))
                      }
                    >
                      {t('profile.security.setUpApp')}
                    </Button>
                  )}
                </Box>
              )}
            </Section>
            <Divider />
            <Section title={t('profile.security.mail')}>
              <FormControlLabel
                control={
                  <Switch
                    checked={enabled('EMAIL')}
                    disabled={!settings || busy !== null}
                    onChange={(event) => {
                      const on = event.target.checked;
                      void run('email', () => security().setFactor('EMAIL', on), saved);
                    }}
                  />
                }
                label={t('profile.security.mailSwitch', { email })}
                slotProps={{ typography: { variant: 'body2', sx: { overflowWrap: 'anywhere' } } }}
              />
            </Section>
            {enabled('TOTP') && enabled('EMAIL') && (
              <>
                <Divider />
                <Section title={t('profile.security.preferred')}>
                  <RadioGroup
                    aria-label={t('profile.security.preferred')}
                    value={settings?.preferred ?? ''}
                    onChange={(event) => {
                      const factor = event.target.value as SecondFactor;
                      void run('preferred', () => security().setPreferred(factor), saved);
                    }}
                  >
                    <FormControlLabel
                      value="TOTP"
                      control={<Radio />}
                      label={t('profile.security.app')}
                      disabled={busy !== null}
                    />
                    <FormControlLabel
                      value="EMAIL"
                      control={<Radio />}
                      label={t('profile.security.mail')}
                      disabled={busy !== null}
                    />
                  </RadioGroup>
                </Section>
              </>
            )}
            <Divider />
            <Section title={t('profile.security.passkeys')}>
              <Typography variant="body2" color="text.secondary">
                {t('profile.security.passkeysHint')}
              </Typography>
              {passkeys && <PasskeyList passkeys={passkeys} onDelete={setDeleting} />}
              <Box>
                <Button
                  variant="outlined"
                  startIcon={<AddOutlined />}
                  loading={busy === 'passkey-add'}
                  disabled={!passkeys}
                  onClick={() =>
                    void run(
                      'passkey-add',
                      () => security().addPasskey(),
                      t('profile.security.passkeyRegistered'),
                    )
                  }
                >
                  {t('profile.security.addPasskey')}
                </Button>
              </Box>
            </Section>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('profile.security.close')}</Button>
      </DialogActions>
      <ConfirmDialog
        open={deleting !== null}
        title={t('profile.security.deleteTitle')}
        message={t('profile.security.deleteMessage', {
          name: deleting?.name || t('profile.security.unnamedPasskey'),
        })}
        confirmLabel={t('profile.security.delete')}
        confirmColor="error"
        busy={busy === 'passkey-delete'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const passkey = deleting;
          if (!passkey) return;
          void run(
            'passkey-delete',
            () => security().deletePasskey(passkey.id),
            t('profile.security.deleted'),
          ).then(() => setDeleting(null));
        }}
      />
    </Dialog>
  );
}

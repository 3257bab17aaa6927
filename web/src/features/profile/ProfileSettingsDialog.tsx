import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import SecurityOutlined from '@mui/icons-material/SecurityOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CompanyRole } from '@portal/contracts/roles';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { Avatar } from '@/shared/ui/Avatar.tsx';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { RoleTag } from '@/shared/ui/RoleTag.tsx';
import { useSchemaForm } from '@/shared/ui/use-schema-form.ts';
import { profileFormSchema, useUpdateProfileName } from './api/update-profile-name.ts';
import { maskEmail } from './mask-email.ts';

/**
 * Its own chunk (with the QR code library), loaded when opened. Rendered beside the profile's form, not in
 * it: React events bubble through portals, and its forms' submits would submit the profile's.
 */
const SignInSecurityDialog = lazy(async () => ({
  default: (await import('./security/SignInSecurityDialog.tsx')).SignInSecurityDialog,
}));

export interface ProfileSettingsDialogProps {
  user: { id: string; name: string; email: string };
  companyRole: CompanyRole;
  onClose: () => void;
  /** After the new name is stored, so the caller can refresh what shows the name. */
  onSaved: (name: string) => void;
  /** Opens the change-password dialog (identity feature). */
  onChangePassword: () => void;
}

/**
 * SPEC §2 Profile settings (persistent): name, change-password button, role badge and masked email; issue 25
 * adds "Sign-in security" (two-step sign-in and passkeys), a dialog stacked on this one.
 */
export function ProfileSettingsDialog({
  user,
  companyRole: role,
  onClose,
  onSaved,
  onChangePassword,
}: ProfileSettingsDialogProps) {
  const { t } = useTranslation();
  const update = useUpdateProfileName(user.id);
  const form = useSchemaForm(profileFormSchema, { defaultValues: { name: user.name }, mode: 'onChange' });
  const [securityOpen, setSecurityOpen] = useState(false);
  const [securityLoaded, setSecurityLoaded] = useState(false);

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const saved = await update.mutateAsync(name);
      toast.success(t('profile.saved'));
      onSaved(saved.name);
      onClose();
    } catch {
      toast.error(t('profile.saveFailed'));
    }
  });

  return (
    <>
      <FormDialog
        title={t('profile.title')}
        isDirty={form.formState.isDirty}
        busy={update.isPending}
        persistent
        maxWidth="sm"
        onSubmit={submit}
        onClose={onClose}
      >
        <Stack spacing={3} sx={{ pt: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Avatar name={form.watch('name') || user.name} size="lg" />
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 1.5,
                rowGap: 0.75,
                minWidth: 0,
              }}
            >
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('profile.role')}
              </Typography>
              <Box component="dd" sx={{ m: 0 }}>
                <RoleTag companyRole={role} />
              </Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('profile.email')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {maskEmail(user.email)}
              </Typography>
            </Box>
          </Box>
          <FormTextField form={form} name="name" label={t('profile.name')} autoComplete="name" />
          <Box>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('profile.password')}
            </Typography>
            <Button variant="outlined" startIcon={<LockResetOutlined />} onClick={onChangePassword}>
              {t('profile.changePassword')}
            </Button>
          </Box>
          <Box>
            <Typography variant="subtitle2">{t('profile.security.section')}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('profile.security.sectionHint')}
            </Typography>
            <Button
              variant="outlined"
              startIcon={<SecurityOutlined />}
              onClick={() => {
                setSecurityLoaded(true);
                setSecurityOpen(true);
              }}
            >
              {t('profile.security.manage')}
            </Button>
          </Box>
        </Stack>
      </FormDialog>
      {securityLoaded && (
        <Suspense fallback={null}>
          <SignInSecurityDialog
            open={securityOpen}
            email={user.email}
            onClose={() => setSecurityOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

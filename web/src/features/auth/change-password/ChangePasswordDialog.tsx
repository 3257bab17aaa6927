import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { useLazyAuthServices } from '@/shared/session/AuthServicesContext.tsx';
import { useGuardedClose } from '@/shared/ui/use-guarded-close.tsx';
import { FailureAlert } from '../components/FailureAlert.tsx';
import { NewPasswordFields } from '../components/NewPasswordFields.tsx';
import { PasswordField } from '../components/PasswordField.tsx';
import { type AuthFailure, classifyAuthError, FAILURE_MESSAGE_KEYS } from '../errors/auth-failure.ts';
import { type ChangePasswordForm, changePasswordFormSchema } from '../forms/auth-schemas.ts';
import { useFieldProps } from '../forms/use-field-props.ts';
import { INCORRECT_PASSWORD_MESSAGE } from '../forms/validation-message.ts';
import { lockoutAdvice } from './lockout-advice.ts';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Change password (SPEC §2 dialogs, §8): persistent (a click outside does not close it); Cancel, Escape
 * or closing a modified form asks 'Are you sure you want to leave?' first. A wrong current
 * password shows 'Incorrect password.' on that field; too many attempts close the dialog and open the
 * lockout advice (Cancel / Reset); success toasts 'Changed successfully!' and closes.
 *
 * Keep it mounted and drive it with `open`, e.g. from the profile dialog:
 *   <ChangePasswordDialog open={changing} onClose={() => setChanging(false)} />
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const auth = useLazyAuthServices();
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const field = useFieldProps(form);
  const { requestClose, confirmation } = useGuardedClose({ isDirty: form.formState.isDirty, onClose });

  useEffect(() => {
    if (open) {
      form.reset(EMPTY);
      setFailure(null);
    }
  }, [open, form]);

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    try {
      await auth().session.changePassword(currentPassword, newPassword);
      toast.success(t('auth.changePassword.success'));
      onClose();
    } catch (error) {
      const kind = classifyAuthError(error);
      if (kind === 'badCredentials') {
        form.setError(
          'currentPassword',
          { type: 'server', message: INCORRECT_PASSWORD_MESSAGE },
          { shouldFocus: true },
        );
      } else if (kind === 'limitExceeded' || kind === 'lockedOut') {
        onClose();
        lockoutAdvice.show();
      } else if (kind === 'invalidPassword') {
        form.setError('newPassword', { type: 'server', message: 'Invalid password' }, { shouldFocus: true });
      } else {
        // SPEC §8: a change that fails for another reason is 'Failed to change.'.
        setFailure(kind === 'unknown' ? 'changeFailed' : kind);
      }
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <>
      <Dialog
        open={open}
        onClose={(_event, reason) => reason !== 'backdropClick' && !submitting && requestClose()}
        aria-labelledby="change-password-title"
        maxWidth="sm"
        fullWidth
      >
        <form noValidate onSubmit={onSubmit}>
          <DialogTitle id="change-password-title">{t('auth.changePassword.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure && <FailureAlert messageKeys={FAILURE_MESSAGE_KEYS[failure]} />}
              <PasswordField
                {...field('currentPassword')}
                label={t('auth.fields.currentPassword')}
                autoComplete="current-password"
                autoFocus
              />
              <NewPasswordFields form={form} />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={requestClose} disabled={submitting}>
              {t('auth.changePassword.cancel')}
            </Button>
            <Button type="submit" variant="contained" loading={submitting}>
              {t('auth.changePassword.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      {confirmation}
    </>
  );
}

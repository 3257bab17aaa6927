import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { useLazyAuthServices } from '@/shared/session/AuthServicesContext.tsx';
import { type AuthFailure, classifySendError } from '../errors/auth-failure.ts';

interface ResendPasswordButtonProps {
  email: () => string;
  onFailure: (failure: AuthFailure) => void;
}

/** 'Resend password' for an expired temporary password: POST /api/reseller/auth/password {email}. */
export function ResendPasswordButton({ email, onFailure }: ResendPasswordButtonProps) {
  const { t } = useTranslation();
  const auth = useLazyAuthServices();
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    try {
      await auth().session.resendTemporaryPassword(email());
      toast.success(t('auth.login.resendSent'));
    } catch (error) {
      onFailure(classifySendError(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      color="inherit"
      size="small"
      loading={sending}
      onClick={() => void resend()}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('auth.login.resendPassword')}
    </Button>
  );
}

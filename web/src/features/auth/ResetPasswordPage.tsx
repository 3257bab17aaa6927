import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { ConfirmResetStep } from './reset-password/ConfirmResetStep.tsx';
import { RequestCodeStep } from './reset-password/RequestCodeStep.tsx';

/** /forgot-password (title 'Reset password', back to login): request a code, then code + new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState<string | null>(null);
  return (
    <Stack spacing={2.5}>
      {email === null ? <RequestCodeStep onSent={setEmail} /> : <ConfirmResetStep email={email} />}
      <Link component={RouterLink} to={pathTo(ROUTE.LOGIN)} variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.resetPassword.backToLogin')}
      </Link>
    </Stack>
  );
}

import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/lib/api-error.ts';
import { toast } from '@/shared/lib/toast.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { useCompanySecurity, useUpdateCompanySecurity } from '../api/company-security.ts';

/**
 * The owner's two-step sign-in policy (issue 25 item 7): one switch, each change confirmed, since turning it
 * on holds back every member without a second factor until they set one up.
 */
export function SignInSecurityCard({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const security = useCompanySecurity(companyId, true);
  const update = useUpdateCompanySecurity(companyId);
  const [asking, setAsking] = useState<boolean | null>(null);
  const required = security.data?.requireMfa ?? false;

  const confirm = async (requireMfa: boolean) => {
    try {
      await update.mutateAsync({ requireMfa });
      toast.success(t('company.toast.saved'));
      setAsking(null);
    } catch (error) {
      // e.g. 'Set up two-step sign-in for yourself first.', in the user's language.
      const key = error instanceof ApiError && error.messageKey;
      toast.error(key ? t(key) : t('company.toast.saveFailed'));
      setAsking(null);
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        {t('company.security.heading')}
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={required}
            disabled={!security.isSuccess || update.isPending}
            onChange={(event) => setAsking(event.target.checked)}
          />
        }
        label={t('company.security.requireMfa')}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('company.security.requireMfaHint')}
      </Typography>
      {asking !== null && (
        <ConfirmDialog
          open
          title={t(asking ? 'company.security.onTitle' : 'company.security.offTitle')}
          message={t(asking ? 'company.security.onMessage' : 'company.security.offMessage')}
          confirmLabel={t(asking ? 'company.security.onConfirm' : 'company.security.offConfirm')}
          {...(asking ? {} : { confirmColor: 'error' as const })}
          busy={update.isPending}
          onConfirm={() => void confirm(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** SPEC §2 company-owner-change notice, for the owner when ownership moved since they signed in. */
export function OwnerChangeNotice({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {t('company.ownerNotice.reload')}
        </Button>
      }
    >
      <AlertTitle>{t('company.ownerNotice.title')}</AlertTitle>
      {t('company.ownerNotice.message')}
    </Alert>
  );
}

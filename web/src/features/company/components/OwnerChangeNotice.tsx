import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import { ActionAlert } from '@/shared/ui/ActionAlert.tsx';

/** SPEC §2 company-owner-change notice, for the owner when ownership moved since they signed in. */
export function OwnerChangeNotice({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionAlert severity="info" actionLabel={t('company.ownerNotice.reload')} onAction={onReload}>
      <AlertTitle>{t('company.ownerNotice.title')}</AlertTitle>
      {t('company.ownerNotice.message')}
    </ActionAlert>
  );
}

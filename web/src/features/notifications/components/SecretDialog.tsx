import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '@/shared/ui/ShownOnceDialog.tsx';

/** The signing secret of a new webhook or a rotation: the only time the server shows it. */
export function SecretDialog({
  name,
  secret,
  onClose,
}: {
  name: string;
  secret: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      value={secret}
      testId="webhook-secret"
      texts={{
        title: t('notifications.secret.title'),
        intro: t('notifications.secret.intro', { name }),
        warning: t('notifications.secret.warning'),
        label: t('notifications.secret.label'),
        copy: t('notifications.secret.copy'),
        copied: t('notifications.secret.copied'),
        copyFailed: t('notifications.secret.copyFailed'),
        done: t('notifications.secret.done'),
      }}
      onClose={onClose}
    />
  );
}

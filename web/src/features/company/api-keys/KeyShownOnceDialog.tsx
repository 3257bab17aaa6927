import { useTranslation } from 'react-i18next';
import { ShownOnceDialog } from '@/shared/ui/ShownOnceDialog.tsx';

/** A new API key: the only time the server shows it. */
export function KeyShownOnceDialog({
  name,
  apiKey,
  onClose,
}: {
  name: string;
  apiKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      value={apiKey}
      testId="api-key-value"
      texts={{
        title: t('company.apiKeys.shownOnce.title'),
        intro: t('company.apiKeys.shownOnce.intro', { name }),
        warning: t('company.apiKeys.shownOnce.warning'),
        label: t('company.apiKeys.shownOnce.label'),
        copy: t('company.apiKeys.shownOnce.copy'),
        copied: t('company.apiKeys.shownOnce.copied'),
        copyFailed: t('company.apiKeys.shownOnce.copyFailed'),
        done: t('company.apiKeys.shownOnce.done'),
      }}
      onClose={onClose}
    />
  );
}

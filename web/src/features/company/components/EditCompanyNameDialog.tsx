import { updateCompanyInfoSchema } from '@portal/contracts/reseller';
import { useTranslation } from 'react-i18next';
import { useUpdateCompanyName } from '../api/update-company-name.ts';
import { NameDialog } from './NameDialog.tsx';

/** The owner renames the company. */
export function EditCompanyNameDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCompanyName();
  return (
    <NameDialog
      title={t('company.nameDialog.title')}
      label={t('company.nameDialog.name')}
      autoComplete="organization"
      name={name}
      schema={updateCompanyInfoSchema}
      busy={update.isPending}
      save={(next) => update.mutateAsync({ name: next })}
      onClose={onClose}
    />
  );
}

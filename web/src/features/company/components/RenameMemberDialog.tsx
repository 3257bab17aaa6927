import type { Member } from '@portal/contracts/reseller';
import { useTranslation } from 'react-i18next';
import { renameMemberFormSchema, useRenameMember } from '../api/rename-member.ts';
import { NameDialog } from './NameDialog.tsx';

/** The owner renames a member (or themself). */
export function RenameMemberDialog({
  companyId,
  member,
  onClose,
  onRenamed,
}: {
  companyId: string;
  member: Member;
  onClose: () => void;
  /** After the new name is stored (e.g. to refresh the header when the owner renamed themself). */
  onRenamed?: (member: Member) => void;
}) {
  const { t } = useTranslation();
  const rename = useRenameMember(companyId);
  return (
    <NameDialog
      title={t('company.renameDialog.title')}
      label={t('company.renameDialog.name')}
      hint={member.email}
      autoComplete="off"
      name={member.name}
      schema={renameMemberFormSchema}
      busy={rename.isPending}
      save={(name) => rename.mutateAsync({ userId: member.userId, name })}
      onSaved={onRenamed}
      onClose={onClose}
    />
  );
}

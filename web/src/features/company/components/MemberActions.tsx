import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { ListedMember, Member } from '@portal/contracts/reseller';
import type { CompanyRole } from '@portal/contracts/roles';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';

export type MemberAction = 'rename' | 'assignOwner' | 'resetMfa' | 'delete';

const ACTIONS = [
  { action: 'rename', icon: EditOutlined, labelKey: 'company.members.rename', forOwnerRow: true },
  {
    action: 'assignOwner',
    icon: ManageAccountsOutlined,
    labelKey: 'company.members.assignOwner',
    forOwnerRow: false,
  },
  {
    action: 'resetMfa',
    icon: LockResetOutlined,
    labelKey: 'company.members.resetMfa',
    forOwnerRow: false,
  },
  { action: 'delete', icon: DeleteOutlined, labelKey: 'company.members.delete', forOwnerRow: false },
] as const;

/**
 * The owner's actions on one member: rename anyone; assign, reset two-step sign-in (only of a member who
 * has it) and delete only members, never the owner.
 */
export function MemberActions({
  member,
  companyRole: role,
  onAction,
}: {
  member: ListedMember;
  companyRole: CompanyRole;
  onAction: (action: MemberAction, member: Member) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction="row"
      spacing={0.5}
      role="group"
      aria-label={t('company.members.actionsFor', { name: member.email })}
    >
      {ACTIONS.filter(
        (entry) =>
          (role === 'member' || entry.forOwnerRow) && (entry.action !== 'resetMfa' || member.mfaEnabled),
      ).map(({ action, icon: Icon, labelKey }) => (
        <LazyTooltip key={action} title={t(labelKey)}>
          <IconButton
            size="small"
            aria-label={t(labelKey)}
            color={action === 'delete' ? 'error' : 'default'}
            onClick={() => onAction(action, member)}
          >
            <Icon fontSize="small" />
          </IconButton>
        </LazyTooltip>
      ))}
    </Stack>
  );
}

import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Member } from '@portal/contracts/reseller';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { useAssignOwner } from '../api/assign-owner.ts';
import { MemberIdentity } from './MemberIdentity.tsx';

/**
 * SPEC §2 Assign as Owner. After a successful transfer the dialog closes and the page reloads, so the
 * previous owner's powers (header tag, actions, guard) are read afresh.
 */
export function AssignOwnerDialog({
  companyId,
  member,
  onClose,
  onTransferred = () => window.location.reload(),
}: {
  companyId: string;
  member: Member;
  onClose: () => void;
  onTransferred?: () => void;
}) {
  const { t } = useTranslation();
  const assign = useAssignOwner(companyId);
  const confirm = async () => {
    try {
      await assign.mutateAsync(member.userId);
    } catch {
      toast.error(t('company.toast.changeOwnerFailed'));
      return;
    }
    onClose();
    onTransferred();
  };
  return (
    <ConfirmDialog
      open
      title={t('company.assignOwnerDialog.title')}
      message={t('company.assignOwnerDialog.message')}
      detail={
        <Paper variant="outlined" sx={{ mt: 2, px: 1.5, py: 1 }} data-testid="assign-owner-member">
          <MemberIdentity member={member} isCurrentUser={false} />
          <Typography variant="body2" color="text.secondary" sx={{ pl: 5.5, overflowWrap: 'anywhere' }}>
            {member.email}
          </Typography>
        </Paper>
      }
      confirmLabel={t('company.assignOwnerDialog.confirm')}
      busy={assign.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

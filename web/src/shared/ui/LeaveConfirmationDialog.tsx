import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** SPEC §2 leave confirmation: 'Are you sure you want to leave?' with Leave and Stay on this page. */
export function LeaveConfirmationDialog({
  open,
  onLeave,
  onStay,
}: {
  open: boolean;
  onLeave: () => void;
  onStay: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('components.leave.title')}
      message={t('components.leave.message')}
      confirmLabel={t('components.leave.leave')}
      cancelLabel={t('components.leave.stay')}
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}

import type { CompanyRole } from '@portal/contracts/roles';
import { useState } from 'react';
import { ChangePasswordDialog } from '@/features/auth/change-password/ChangePasswordDialog.tsx';
import { ProfileSettingsDialog } from '@/features/profile/ProfileSettingsDialog.tsx';

export interface ProfileDialogsProps {
  user: { id: string; name: string; email: string };
  companyRole: CompanyRole;
  onClose: () => void;
  onSaved: (name: string) => void;
}

/**
 * Profile settings with the change-password dialog it opens. The profile dialog stays mounted underneath,
 * so closing Change password comes back to it with its unsaved edits intact.
 */
export function ProfileDialogs({ user, companyRole, onClose, onSaved }: ProfileDialogsProps) {
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <>
      <ProfileSettingsDialog
        user={user}
        companyRole={companyRole}
        onClose={onClose}
        onSaved={onSaved}
        onChangePassword={() => setChangingPassword(true)}
      />
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}

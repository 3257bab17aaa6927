import type { CompanyRole } from '@portal/contracts/roles';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { AccountMenu } from '@/features/account-menu/AccountMenu.tsx';
import type { AccountDialog } from '@/features/account-menu/account-menu-items.ts';
import { WelcomeVideoGate } from '@/features/welcome/WelcomeVideoGate.tsx';
import { ACCOUNT_QUERY_KEY } from '@/shared/session/account-query.ts';
import { useSignOut } from '@/shared/session/sign-out/use-sign-out.ts';
import { useAccount } from '@/shared/session/use-account.ts';
import { whenPageSettled } from '../page-settled.ts';
import { AboutDialog, AppearanceDialog, ProfileDialogs, preloadAccountDialogs } from './account-dialogs.ts';

type OpenDialog = AccountDialog | null;

/**
 * The header's account menu (SPEC §2) and the dialogs it opens, composed here so the features stay
 * independent: the menu, profile, appearance, about and welcome features, and identity's sign-out.
 */
export function AccountMenuSlot() {
  const account = useAccount();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = useCallback(() => setDialog(null), []);
  useEffect(() => whenPageSettled(preloadAccountDialogs), []);

  const refreshAccount = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: ACCOUNT_QUERY_KEY });
    await revalidator.revalidate();
  }, [queryClient, revalidator]);

  if (!account) return null;
  const { user } = account;
  const role: CompanyRole = user.isCompanyOwner ? 'owner' : 'member';

  return (
    <>
      <AccountMenu user={user} companyRole={role} onOpenDialog={setDialog} onSignOut={() => void signOut()} />
      <Suspense fallback={null}>
        {dialog === 'profile' && (
          <ProfileDialogs
            user={user}
            companyRole={role}
            onClose={close}
            onSaved={() => void refreshAccount()}
          />
        )}
        {dialog === 'appearance' && <AppearanceDialog onClose={close} />}
        {dialog === 'about' && <AboutDialog onClose={close} />}
      </Suspense>
      <WelcomeVideoGate />
    </>
  );
}

import type { BrandId } from '@portal/contracts/brands';
import { vi } from 'vitest';
import type { AccountState } from '@/shared/session/account-state.ts';
import type { SessionPort } from '@/shared/session/session.ts';

export function buildAccount(
  overrides: { role?: AccountState['user']['role']; vendor?: BrandId } = {},
): AccountState {
  const role = overrides.role ?? 'dealer';
  return {
    user: {
      id: 'u-1',
      name: 'Dana Dealer',
      email: 'dana@dealer.example',
      role,
      roles: [role],
      isCompanyOwner: true,
      isCompanyMember: false,
    },
    company: {
      id: 'c-1',
      name: 'Dealer Co',
      ownerEmail: 'dana@dealer.example',
      vendor: overrides.vendor ?? 'lumora',
    },
    permission: { availableRoleList: [role], hierarchyAuth: {}, hierarchyParent: null },
  };
}

/** A session double at the guard's boundary: signed in with the given account, or signed out. */
export function fakeSession(
  account: AccountState | null,
  options: { accountFails?: boolean } = {},
): SessionPort {
  let signedIn = account !== null;
  return {
    current: vi.fn(async () => (signedIn && account ? { email: account.user.email } : null)),
    loadAccount: vi.fn(async () => {
      if (options.accountFails || !account) throw new Error('company info failed');
      return account;
    }),
    hasPendingNewPasswordChallenge: vi.fn(() => false),
    hasPendingTwoStep: vi.fn(() => false),
    signOut: vi.fn(async () => {
      signedIn = false;
    }),
  };
}

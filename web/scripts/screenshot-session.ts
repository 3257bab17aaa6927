/**
 * Screenshot-only stand-in for src/shared/session/create-auth-services.ts (swapped in by scripts/screenshots.ts through a
 * Vite resolve hook; never part of the app build). Signed in as a dealer when the page's localStorage says so,
 * so the main and internal layouts can be looked at before the identity issue lands.
 */

import type { AccountState } from '../src/shared/session/account-state.ts';
import type { AuthServices } from '../src/shared/session/auth-services.ts';
import type { SessionPort } from '../src/shared/session/session.ts';
import { createTokenLayer } from '../src/shared/session/tokens/token-layer.ts';

const SIGNED_IN_KEY = 'screenshots.signed-in';

const account: AccountState = {
  user: {
    id: 'screenshot-user',
    name: 'Screenshot Dealer',
    email: 'dealer@screenshots.example',
    role: 'dealer',
    roles: ['dealer'],
    isCompanyOwner: true,
    isCompanyMember: false,
  },
  company: { id: 'screenshot-company', name: 'Screenshot Co', ownerEmail: 'dealer@screenshots.example' },
  permission: { availableRoleList: ['dealer'], hierarchyAuth: {}, hierarchyParent: null },
};

const signedIn = () => window.localStorage.getItem(SIGNED_IN_KEY) === 'yes';

const stubSession: SessionPort = {
  current: async () => (signedIn() ? { email: account.user.email } : null),
  loadAccount: async () => account,
  hasPendingNewPasswordChallenge: () => false,
  signOut: async () => window.localStorage.removeItem(SIGNED_IN_KEY),
};

const unavailable = async (): Promise<never> => {
  throw new Error('Not available in screenshots');
};

export function createAuthServices(): AuthServices {
  return {
    session: {
      ...stubSession,
      accessToken: async () => null,
      signIn: unavailable,
      confirmNewPassword: unavailable,
      requestPasswordReset: unavailable,
      confirmPasswordReset: unavailable,
      resendTemporaryPassword: unavailable,
      changePassword: unavailable,
    },
    tokens: createTokenLayer({
      sessionToken: async () => null,
      companyId: async () => account.company.id,
      requestCompanyToken: unavailable,
      requestOrganizationToken: unavailable,
    }),
  };
}

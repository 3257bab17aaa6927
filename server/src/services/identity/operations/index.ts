import { adminCreateUser } from './admin-create-user.ts';
import {
  adminDeleteUser,
  adminGetUser,
  adminSetUserPassword,
  adminUpdateUserAttributes,
  adminUserGlobalSignOut,
} from './admin-users.ts';
import { changePassword } from './change-password.ts';
import { confirmForgotPassword, forgotPassword } from './forgot-password.ts';
import { initiateAuth } from './initiate-auth.ts';
import { adminSetUserMfaPreference, setUserMfaPreference } from './mfa-preference.ts';
import { getTokensFromRefreshToken } from './refresh.ts';
import { respondToAuthChallenge } from './respond-to-auth-challenge.ts';
import { associateSoftwareToken, verifySoftwareToken } from './software-token.ts';
import type { OperationSpec } from './types.ts';
import { adminGetUserAuthFactors, getUserAuthFactors } from './user-auth-factors.ts';
import { getUser, globalSignOut, revokeToken } from './user-session.ts';
import {
  completeWebAuthnRegistration,
  deleteWebAuthnCredential,
  listWebAuthnCredentials,
  startWebAuthnRegistration,
} from './webauthn-credentials.ts';

/** Every operation the pool answers, by the name in `X-Amz-Target: AWSCognitoIdentityProviderService.<name>`. */
export const OPERATIONS: Record<string, OperationSpec> = {
  InitiateAuth: { run: initiateAuth },
  RespondToAuthChallenge: { run: respondToAuthChallenge },
  GetTokensFromRefreshToken: { run: getTokensFromRefreshToken },
  ForgotPassword: { run: forgotPassword },
  ConfirmForgotPassword: { run: confirmForgotPassword },
  ChangePassword: { run: changePassword },
  RevokeToken: { run: revokeToken },
  GlobalSignOut: { run: globalSignOut },
  GetUser: { run: getUser },
  GetUserAuthFactors: { run: getUserAuthFactors },
  StartWebAuthnRegistration: { run: startWebAuthnRegistration },
  CompleteWebAuthnRegistration: { run: completeWebAuthnRegistration },
  ListWebAuthnCredentials: { run: listWebAuthnCredentials },
  DeleteWebAuthnCredential: { run: deleteWebAuthnCredential },
  AdminCreateUser: { run: adminCreateUser, signed: true },
  AdminGetUser: { run: adminGetUser, signed: true },
  AdminDeleteUser: { run: adminDeleteUser, signed: true },
  AdminUpdateUserAttributes: { run: adminUpdateUserAttributes, signed: true },
  AdminSetUserPassword: { run: adminSetUserPassword, signed: true },
  AdminUserGlobalSignOut: { run: adminUserGlobalSignOut, signed: true },
  AdminGetUserAuthFactors: { run: adminGetUserAuthFactors, signed: true },
  AssociateSoftwareToken: { run: associateSoftwareToken },
  VerifySoftwareToken: { run: verifySoftwareToken },
  SetUserMFAPreference: { run: setUserMfaPreference },
  AdminSetUserMFAPreference: { run: adminSetUserMfaPreference, signed: true },
};

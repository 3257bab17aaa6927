import type { PoolUser } from '../../infrastructure/db/identity-tables.ts';

/** The user's attributes as Cognito lists them: string values, `sub` included. */
export function userAttributes(user: PoolUser): { Name: string; Value: string }[] {
  return [
    { Name: 'sub', Value: user.sub },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: String(user.email_verified) },
    ...(user.name ? [{ Name: 'name', Value: user.name }] : []),
    { Name: 'locale', Value: user.locale },
  ];
}

/** AdminGetUser / AdminCreateUser's view of a user; dates as epoch seconds. */
export function adminUserView(user: PoolUser) {
  return {
    Username: user.username,
    UserCreateDate: user.created_at.getTime() / 1000,
    UserLastModifiedDate: user.updated_at.getTime() / 1000,
    Enabled: user.enabled,
    UserStatus: user.status,
  };
}

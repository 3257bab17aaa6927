import type { PoolUser } from '../../../infrastructure/db/identity-tables.ts';
import type { IdentityContext } from '../context.ts';
import { CognitoError, invalidParameter, userNotFound } from '../errors.ts';
import { mailBrand } from '../mail-brand.ts';
import { assertPasswordPolicy } from '../password-rules.ts';
import {
  attributeList,
  optionalString,
  type RequestBody,
  requiredString,
  requirePool,
} from '../protocol/params.ts';
import { generateTemporaryPassword } from '../temporary-password.ts';
import { adminUserView, userAttributes } from '../user-attributes.ts';
import { createPoolUser, findPoolUser, PoolUserExistsError, setPoolUserPassword } from '../users.ts';

const CREATABLE_ATTRIBUTES = new Set(['email', 'email_verified', 'name', 'locale']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * AdminCreateUser in a pool whose usernames are emails: `Username` is the email, the internal
 * username a new UUID. The invitation with the temporary password is mailed unless SUPPRESS;
 * RESEND gives an existing FORCE_CHANGE_PASSWORD user a new temporary password and a new 7-day clock.
 */
export async function adminCreateUser(ctx: IdentityContext, body: RequestBody): Promise<object> {
  requirePool(ctx.config, body);
  const username = requiredString(body, 'Username');
  const action = optionalString(body, 'MessageAction');
  if (action !== undefined && action !== 'RESEND' && action !== 'SUPPRESS') {
    throw invalidParameter(
      `1 validation error detected: Value '${action}' at 'messageAction' failed to satisfy constraint: Member must satisfy enum value set: [RESEND, SUPPRESS]`,
    );
  }
  const requested = optionalString(body, 'TemporaryPassword');
  if (requested !== undefined) assertPasswordPolicy(requested);
  const password = requested ?? generateTemporaryPassword();

  const user =
    action === 'RESEND' ? await resend(ctx, username, password) : await create(ctx, body, username, password);
  if (action !== 'SUPPRESS') {
    await ctx.mail.send({
      to: user.email,
      locale: user.locale,
      template: 'temporary-password',
      brand: mailBrand(ctx, body),
      params: { username: user.email, password, loginUrl: `${ctx.config.PUBLIC_URL}/login` },
    });
  }
  return { User: { ...adminUserView(user), Attributes: userAttributes(user) } };
}

async function resend(ctx: IdentityContext, username: string, password: string): Promise<PoolUser> {
  const user = await findPoolUser(ctx.db, username);
  if (!user) throw userNotFound();
  if (user.status !== 'FORCE_CHANGE_PASSWORD') {
    throw new CognitoError(
      'UnsupportedUserStateException',
      `Resend not possible. ${user.username} status is not FORCE_CHANGE_PASSWORD.`,
    );
  }
  await setPoolUserPassword(ctx.db, ctx.config, user, password, true);
  return (await findPoolUser(ctx.db, user.username))!;
}

async function create(ctx: IdentityContext, body: RequestBody, username: string, password: string) {
  if (!EMAIL.test(username)) throw invalidParameter('Username should be an email.');
  const attributes = Object.fromEntries(attributeList(body, 'UserAttributes').map((a) => [a.Name, a.Value]));
  for (const name of Object.keys(attributes)) {
    if (!CREATABLE_ATTRIBUTES.has(name)) {
      throw invalidParameter(
        `Attributes did not conform to the schema: ${name}: Attribute does not exist in the schema.`,
      );
    }
  }
  if (attributes.email && attributes.email.toLowerCase() !== username.toLowerCase()) {
    throw invalidParameter('The email attribute must equal the Username in this pool.');
  }
  if (await findPoolUser(ctx.db, username)) {
    throw new CognitoError('UsernameExistsException', 'User account already exists');
  }
  try {
    const { sub } = await createPoolUser(
      ctx.db,
      {
        email: username,
        name: attributes.name || null,
        password,
        temporary: true,
        locale: attributes.locale || 'en',
      },
      ctx.config,
    );
    return (await findPoolUser(ctx.db, sub))!;
  } catch (error) {
    if (error instanceof PoolUserExistsError)
      throw new CognitoError('UsernameExistsException', 'User account already exists');
    throw error;
  }
}

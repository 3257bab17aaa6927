import type { BrandId } from '@portal/contracts/brands';
import { DEFAULT_ROLE, type Role } from '@portal/contracts/roles';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../infrastructure/db/types.ts';
import { isUuid } from '../uuid.ts';

/**
 * Who is calling: a member with their company's current role, vendor and that role's hierarchy authorities,
 * and whether they own the company. Read from the database on the request it is used for, never from a
 * token (SPEC §4: moving, removing or transferring ownership takes effect on the next request).
 */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  locale: 'en' | 'zh-TW';
  companyId: string;
  isOwner: boolean;
  /** The first of the company's roles (SPEC §3 User: current role, default dealer). */
  role: Role;
  vendor: BrandId;
  /** The role's hierarchy authorities from the permission map. */
  hierarchyAuthorities: readonly Role[];
  /** The sign-in behind the token; null only from a pool that does not revoke (Amazon Cognito). */
  originJti: string | null;
  /** The one organization an organization token is limited to; null for session and company tokens. */
  organizationId: string | null;
  /**
   * A partner's read-only view of a dealer below it (issue 16): the member's own company, while companyId,
   * role and vendor are the dealer's. Null for every other caller.
   */
  viewerCompanyId: string | null;
  /** The member's own company requires a second factor of every member (issue 25 item 7, decision 0027). */
  requireMfa: boolean;
}

interface MemberRow {
  user_id: string | null;
  email: string | null;
  name: string | null;
  locale: 'en' | 'zh-TW' | null;
  company_id: string | null;
  owner_user_id: string | null;
  roles: string[] | null;
  vendor: string | null;
  hierarchy_authorities: Role[] | null;
  require_mfa: boolean | null;
}

/** The member, their company and the role's authorities: the columns every caller reading selects. */
const MEMBER_COLUMNS = sql<MemberRow>`u.id as user_id, u.email, u.name, u.locale, u.company_id, c.owner_user_id,
  c.roles, c.vendor, rp.hierarchy_authorities, c.require_mfa`;
const MEMBER_JOINS = sql`left join companies c on c.id = u.company_id
  left join role_permissions rp on rp.role = coalesce(c.roles[1], ${DEFAULT_ROLE})`;

function toCaller(
  row: MemberRow,
  token: { originJti: string | null; organizationId?: string | null },
): Caller | undefined {
  if (!row.user_id || !row.company_id || !row.roles || !row.vendor) return undefined;
  return {
    userId: row.user_id,
    email: row.email ?? '',
    name: row.name ?? '',
    locale: row.locale ?? 'en',
    companyId: row.company_id,
    isOwner: row.owner_user_id === row.user_id,
    role: (row.roles[0] ?? DEFAULT_ROLE) as Role,
    vendor: row.vendor as BrandId,
    hierarchyAuthorities: row.hierarchy_authorities ?? [],
    originJti: token.originJti,
    organizationId: token.organizationId ?? null,
    viewerCompanyId: null,
    requireMfa: row.require_mfa === true,
  };
}

export type SessionReading =
  | { live: false }
  | {
      live: true;
      /** Undefined when the signed-in user is no longer a member of a company. */
      caller: Caller | undefined;
    };

/**
 * A session token's sign-in and its user, in one statement: the sign-in unrevoked and of this user, the pool
 * user still there and enabled (embedded pool), and the member with their authority.
 */
export async function readSessionCaller(
  db: Kysely<DB>,
  token: { sub: string; originJti: string },
): Promise<SessionReading> {
  if (!isUuid(token.originJti) || !isUuid(token.sub)) return { live: false };
  const { rows } = await sql<
    MemberRow & { session_sub: string; revoked_at: Date | null; enabled: boolean | null }
  >`
    select s.sub as session_sub, s.revoked_at, pu.enabled, ${MEMBER_COLUMNS}
    from identity_refresh_tokens s
    left join identity_users pu on pu.sub = s.sub
    left join users u on u.id = s.sub
    ${MEMBER_JOINS}
    where s.origin_jti = ${token.originJti}`.execute(db);
  const row = rows[0];
  if (!row || row.revoked_at || row.session_sub !== token.sub || !row.enabled) return { live: false };
  return { live: true, caller: toCaller(row, token) };
}

/**
 * A derived (company or organization) token's user, still a member of the token's company and, when
 * `originJti` is given (embedded pool), its sign-in unrevoked and the pool user enabled: one statement.
 * With Amazon Cognito (no local revocation list) pass `checkSignIn: false`: valid until expiry, like sessions.
 */
export async function readTokenCaller(
  db: Kysely<DB>,
  token: { sub: string; companyId: string; originJti: string | null; organizationId: string | null },
  checkSignIn: boolean,
): Promise<Caller | undefined> {
  if (!isUuid(token.sub) || !isUuid(token.companyId)) return undefined;
  if (!checkSignIn) {
    const { rows } = await sql<MemberRow>`
      select ${MEMBER_COLUMNS}
      from users u
      ${MEMBER_JOINS}
      where u.id = ${token.sub} and u.company_id = ${token.companyId}`.execute(db);
    return rows[0] && toCaller(rows[0], token);
  }
  if (!token.originJti || !isUuid(token.originJti)) return undefined;
  const { rows } = await sql<
    MemberRow & { origin_jti: string | null; revoked_at: Date | null; enabled: boolean | null }
  >`
    select s.origin_jti, s.revoked_at, pu.enabled, ${MEMBER_COLUMNS}
    from users u
    ${MEMBER_JOINS}
    left join identity_refresh_tokens s on s.origin_jti = ${token.originJti} and s.sub = u.id
    left join identity_users pu on pu.sub = u.id
    where u.id = ${token.sub} and u.company_id = ${token.companyId}`.execute(db);
  const row = rows[0];
  if (!row?.origin_jti || row.revoked_at || !row.enabled) return undefined;
  return toCaller(row, token);
}

/** A session's user as a member, without a revocation list (Amazon Cognito): one statement. */
export async function readMemberCaller(
  db: Kysely<DB>,
  token: { sub: string; originJti: string | null },
): Promise<Caller | undefined> {
  if (!isUuid(token.sub)) return undefined;
  const { rows } = await sql<MemberRow>`
    select ${MEMBER_COLUMNS}
    from users u
    ${MEMBER_JOINS}
    where u.id = ${token.sub}`.execute(db);
  const row = rows[0];
  return row && toCaller(row, token);
}

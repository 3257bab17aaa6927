/**
 * After the load: what the clients were told (the model) against what both processes answer and what the
 * database holds, plus three deterministic cross-process checks of the identity state (revocation,
 * lockout, the per-address sign-in limit).
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { passwordAuth } from '../support/session.ts';
import { ACCOUNTS } from './accounts.ts';
import { call, identity, type Recorder, signInWithPassword, type Target } from './client.ts';
import type { Context } from './context.ts';
import { ownerAfter } from './model.ts';

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

export async function runChecks(ctx: Context, pool: pg.Pool, recorder: Recorder): Promise<CheckResult[]> {
  const { targets, world, model, settings } = ctx;
  const results: CheckResult[] = [];
  const check = (name: string, failures: string[], detail: string) =>
    results.push({
      name,
      ok: failures.length === 0,
      detail: failures.length ? failures.slice(0, 5).join('; ') : detail,
    });
  const both = targets;

  // Every company has exactly one owner, a member of it (the schema makes it so; this proves it held).
  const companies = await pool.query<{ id: string; name: string; owners: number }>(
    `select c.id, c.name, count(u.id)::int as owners from companies c
     left join users u on u.id = c.owner_user_id and u.company_id = c.id group by c.id, c.name`,
  );
  check(
    'each company exactly one owner (SQL)',
    companies.rows.filter((row) => row.owners !== 1).map((row) => `${row.name}: ${row.owners}`),
    `${companies.rows.length} companies`,
  );

  // Jade Harbor: the owner the acknowledged transfers say, in SQL and at both processes.
  const chain = model.ownerChain;
  const expectedOwner = ownerAfter(chain, chain.acknowledged);
  const jadeRow = await pool.query<{ owner_user_id: string }>(
    'select owner_user_id from companies where id = $1',
    [world.jade],
  );
  const transferAudits = await pool.query<{ n: number }>(
    `select count(*)::int as n from audit_log where company_id = $1 and action = 'company.owner.transfer'`,
    [world.jade],
  );
  const ownerFailures: string[] = [];
  if (chain.broken) ownerFailures.push('a transfer failed (outcome unknown)');
  if (jadeRow.rows[0]?.owner_user_id !== expectedOwner)
    ownerFailures.push(`SQL owner ${jadeRow.rows[0]?.owner_user_id} ≠ ${expectedOwner}`);
  if (transferAudits.rows[0]?.n !== chain.acknowledged) {
    ownerFailures.push(
      `${transferAudits.rows[0]?.n} transfer audit entries ≠ ${chain.acknowledged} acknowledged`,
    );
  }
  const pinecrest = await pool.query<{ n: number }>(
    `select count(*)::int as n from audit_log a join users u on u.company_id = a.company_id
     where u.email = $1 and a.action = 'company.owner.transfer'`,
    [ACCOUNTS.pinecrestOwner.email],
  );
  if (pinecrest.rows[0]?.n !== model.pinecrestTransfers) {
    ownerFailures.push(
      `Pinecrest: ${pinecrest.rows[0]?.n} transfer audit entries ≠ ${model.pinecrestTransfers} won races`,
    );
  }
  for (const account of [ACCOUNTS.jadeOwner, ACCOUNTS.jadeMember]) {
    const tokens = await signInWithPassword(recorder, both[0], settings, account.email, account.password);
    if (!tokens) {
      ownerFailures.push(`sign-in of ${account.email} failed`);
      continue;
    }
    for (const target of both) {
      const info = await call(recorder, target, 'check', 'GET', '/api/reseller/v1/companies/info', {
        token: tokens.idToken,
      });
      const shouldOwn = world.userId.get(account.email) === expectedOwner;
      if (info.json?.owner !== shouldOwn)
        ownerFailures.push(`${target.name}: ${account.email} owner=${info.json?.owner}`);
      const name = model.companyName.get(world.jade);
      if (name && info.json?.name !== name)
        ownerFailures.push(`${target.name}: Jade name ${info.json?.name} ≠ ${name}`);
    }
  }
  check(
    'owner transfers: acknowledged owner, name and audit entries at both processes and in SQL',
    ownerFailures,
    `Jade Harbor ${chain.acknowledged} transfers, Pinecrest ${model.pinecrestTransfers}`,
  );

  // Members: acknowledged creations present (with the last acknowledged name), deletions absent.
  const owner = await signInWithPassword(
    recorder,
    both[1],
    settings,
    ACCOUNTS.northwindOwner.email,
    ACCOUNTS.northwindOwner.password,
  );
  const memberFailures: string[] = [];
  const rows = await pool.query<{ id: string; email: string; name: string }>(
    `select id, email, name from users where company_id = $1 and email like 'bench-${ctx.runId}-%'`,
    [world.northwind],
  );
  const inSql = new Map(rows.rows.map((row) => [row.id, row]));
  const pool_ = await pool.query<{ sub: string }>(
    'select sub from identity_users where sub = any($1::uuid[])',
    [[...model.members.keys(), ...model.deleted.keys()]],
  );
  const accounts = new Set(pool_.rows.map((row) => row.sub));
  for (const [id, member] of model.members) {
    if (inSql.get(id)?.name !== member.name)
      memberFailures.push(`SQL: ${member.email} ${inSql.get(id)?.name ?? 'missing'}`);
    if (!accounts.has(id)) memberFailures.push(`no identity account for ${member.email}`);
  }
  for (const [id, email] of model.deleted) {
    if (inSql.has(id)) memberFailures.push(`SQL: deleted ${email} present`);
    if (accounts.has(id)) memberFailures.push(`deleted ${email} still has an identity account`);
  }
  for (const row of rows.rows) {
    if (!model.members.has(row.id) && !model.uncertainEmails.has(row.email))
      memberFailures.push(`unexpected member ${row.email}`);
  }
  const audits = await pool.query<{ action: string; target_id: string; n: number }>(
    `select action, target_id, count(*)::int as n from audit_log
     where company_id = $1 and action in ('member.create', 'member.delete') group by action, target_id`,
    [world.northwind],
  );
  const auditCount = (action: string, id: string) =>
    audits.rows.find((row) => row.action === action && row.target_id === id)?.n ?? 0;
  for (const id of [...model.members.keys(), ...model.deleted.keys()]) {
    if (auditCount('member.create', id) !== 1)
      memberFailures.push(`${auditCount('member.create', id)} creation audits for ${id}`);
  }
  for (const id of model.deleted.keys()) {
    if (auditCount('member.delete', id) !== 1)
      memberFailures.push(`${auditCount('member.delete', id)} deletion audits for ${id}`);
  }
  if (!owner) memberFailures.push('owner sign-in failed');
  else {
    for (const target of both) {
      const list = await call(
        recorder,
        target,
        'check',
        'GET',
        `/api/reseller/v1/companies/${world.northwind}/users`,
        {
          token: owner.idToken,
        },
      );
      const listed = new Map(
        ((list.json?.items ?? []) as { userId: string; name: string }[]).map((m) => [m.userId, m.name]),
      );
      for (const [id, member] of model.members) {
        if (listed.get(id) !== member.name)
          memberFailures.push(`${target.name}: ${member.email} listed as ${listed.get(id)}`);
      }
      for (const [id, email] of model.deleted)
        if (listed.has(id)) memberFailures.push(`${target.name}: deleted ${email} listed`);
      const info = await call(recorder, target, 'check', 'GET', '/api/reseller/v1/companies/info', {
        token: owner.idToken,
      });
      const name = model.companyName.get(world.northwind);
      if (name && info.json?.name !== name)
        memberFailures.push(`${target.name}: Northwind name ${info.json?.name} ≠ ${name}`);
    }
  }
  check(
    'members: acknowledged creations/renames present, deletions absent, one audit entry each (both processes, SQL)',
    memberFailures,
    `${model.members.size} live, ${model.deleted.size} deleted, ${model.uncertainEmails.size} unknown`,
  );

  // Metadata and remote access: the last acknowledged value at both processes and in SQL.
  const customerFailures: string[] = [];
  const member = await signInWithPassword(
    recorder,
    both[0],
    settings,
    ACCOUNTS.northwindMember.email,
    ACCOUNTS.northwindMember.password,
  );
  if (!member) customerFailures.push('member sign-in failed');
  for (const [orgId, reference] of model.metadata) {
    // The audit trail of the field is one chain: each entry starts where the one before ended.
    const trail = await pool.query<{ from: string; to: string }>(
      `select details->'changed'->'reference'->>'from' as from, details->'changed'->'reference'->>'to' as to
       from audit_log where action = 'organization.metadata.update' and target_id = $1 order by id`,
      [orgId],
    );
    const breaks = trail.rows.filter((entry, i) => i > 0 && entry.from !== trail.rows[i - 1]?.to);
    if (breaks.length) {
      customerFailures.push(
        `${breaks.length} of ${trail.rows.length} metadata audit entries start from a stale value (e.g. ${breaks[0]?.from} → ${breaks[0]?.to})`,
      );
    }
    if (trail.rows.at(-1)?.to !== reference)
      customerFailures.push(`last audit entry ends at ${trail.rows.at(-1)?.to}`);
    const row = await pool.query<{ reference: string }>('select reference from organizations where id = $1', [
      orgId,
    ]);
    if (row.rows[0]?.reference !== reference)
      customerFailures.push(`SQL reference ${row.rows[0]?.reference} ≠ ${reference}`);
    for (const target of both) {
      if (!member) break;
      const answer = await call(
        recorder,
        target,
        'check',
        'GET',
        `/api/default/v1/organizations/${orgId}/metadata`,
        {
          token: member.idToken,
        },
      );
      if (answer.json?.reference !== reference)
        customerFailures.push(`${target.name}: reference ${answer.json?.reference} ≠ ${reference}`);
    }
  }
  const company = member
    ? await call(recorder, both[1], 'check', 'POST', '/api/reseller/auth/vortextoken', {
        token: member.idToken,
        body: { companyId: world.northwind },
      })
    : undefined;
  for (const [orgId, requesting] of model.requesting) {
    const row = await pool.query<{ remote_access_requesting: boolean; pending: number }>(
      `select o.remote_access_requesting, (select count(*)::int from remote_access_requests r
         where r.organization_id = o.id and r.state = 'requesting') as pending
       from organizations o where o.id = $1`,
      [orgId],
    );
    const sqlRow = row.rows[0];
    if (sqlRow?.remote_access_requesting !== requesting || sqlRow.pending !== (requesting ? 1 : 0)) {
      customerFailures.push(`SQL remote access ${JSON.stringify(sqlRow)} ≠ requesting ${requesting}`);
    }
    for (const target of both) {
      if (!company?.ok) break;
      const info = await call(
        recorder,
        target,
        'check',
        'GET',
        `/api/user-portal/organizations/${orgId}/info`,
        {
          token: company.json.token,
        },
      );
      if (info.json?.remoteAccess?.requesting !== requesting) {
        customerFailures.push(
          `${target.name}: requesting ${info.json?.remoteAccess?.requesting} ≠ ${requesting}`,
        );
      }
    }
  }
  check(
    'customers: last acknowledged metadata and remote-access state at both processes and in SQL',
    customerFailures,
    `${model.metadata.size} metadata, ${model.requesting.size} remote-access customers`,
  );

  results.push(await revocationCheck(ctx, recorder));
  results.push(await lockoutCheck(ctx, pool, recorder));
  results.push(await addressLimitCheck(ctx, recorder));
  return results;
}

/** RevokeToken at A: refresh at B refused; GlobalSignOut at B: the session refused at A. */
async function revocationCheck(ctx: Context, recorder: Recorder): Promise<CheckResult> {
  const { targets, settings } = ctx;
  const [a, b] = targets;
  const { email, password } = ACCOUNTS.sessions;
  const failures: string[] = [];
  const first = await signInWithPassword(recorder, a, settings, email, password);
  const second = await signInWithPassword(recorder, b, settings, email, password);
  if (!first || !second) return { name: 'revocation across processes', ok: false, detail: 'sign-in failed' };
  await identity(recorder, a, 'RevokeToken', { ClientId: settings.clientId, Token: first.refreshToken });
  const refresh = await identity(
    recorder,
    b,
    'GetTokensFromRefreshToken',
    { ClientId: settings.clientId, RefreshToken: first.refreshToken },
    { refusal: { type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' } },
  );
  if (!refresh.ok) failures.push(`refresh of a token revoked at A answered ${refresh.status} at B`);
  const still = await call(recorder, a, 'check', 'GET', '/api/reseller/v1/companies/info', {
    token: second.idToken,
  });
  if (!still.ok) failures.push('the other sign-in was revoked too');
  await identity(recorder, b, 'GlobalSignOut', { AccessToken: second.accessToken });
  const session = await call(recorder, a, 'check', 'GET', '/api/reseller/v1/companies/info', {
    token: second.idToken,
    expect: [401],
  });
  if (session.status !== 401) failures.push(`session signed out at B answered ${session.status} at A`);
  return {
    name: 'revocation across processes (RevokeToken at A → refresh refused at B; GlobalSignOut at B → 401 at A)',
    ok: failures.length === 0,
    detail: failures.join('; ') || 'refused as expected',
  };
}

/** Five failures alternating A/B lock the account at both; the lock is stretched in SQL so timing cannot decide. */
async function lockoutCheck(ctx: Context, pool: pg.Pool, recorder: Recorder): Promise<CheckResult> {
  const { targets, settings } = ctx;
  const { email, password } = ACCOUNTS.lockout;
  const failures: string[] = [];
  const attempt = (target: Target, secret: string, message: string) =>
    identity(recorder, target, 'InitiateAuth', passwordAuth(settings.clientId, email, secret), {
      clientAddress: '10.250.0.1',
      refusal: { type: 'NotAuthorizedException', message },
    });
  // A clean start: the load's last cycle may have left failures or a lock.
  await pool.query(
    'update identity_users set failed_attempts = 0, locked_until = null, last_attempt_at = null where lower(email) = $1',
    [email],
  );
  for (let i = 0; i < 5; i++) {
    const answer = await attempt(
      targets[i % 2] as Target,
      'Wrong-Pass-2025',
      'Incorrect username or password.',
    );
    if (!answer.ok) failures.push(`failure ${i + 1} answered ${answer.status} ${answer.text.slice(0, 80)}`);
  }
  const stretched = await pool.query(
    `update identity_users set locked_until = now() + interval '60 seconds'
     where lower(email) = $1 and failed_attempts = 5 and locked_until is not null`,
    [email],
  );
  if (stretched.rowCount !== 1) failures.push('five failures at two processes did not lock the account once');
  for (const target of targets) {
    const answer = await attempt(target, password, 'Password attempts exceeded');
    if (!answer.ok) failures.push(`${target.name}: right password while locked answered ${answer.status}`);
  }
  await pool.query(
    'update identity_users set failed_attempts = 0, locked_until = null where lower(email) = $1',
    [email],
  );
  return {
    name: 'lockout across processes (5 failures A/B/A/B/A → locked at A and B)',
    ok: failures.length === 0,
    detail: failures.join('; ') || 'locked at both',
  };
}

/** The per-address sign-in limit is one count for both processes: 120 calls A/B, the 121st refused. */
async function addressLimitCheck(ctx: Context, recorder: Recorder): Promise<CheckResult> {
  const { targets, settings } = ctx;
  const address = `10.251.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const failures: string[] = [];
  const attempt = (target: Target, refusal: { type: string; message?: string }) =>
    identity(
      recorder,
      target,
      'InitiateAuth',
      passwordAuth(settings.clientId, `nobody-${address}@two-processes.test`, 'Wrong-Pass-2025'),
      { clientAddress: address, refusal },
    );
  const started = Date.now();
  for (let i = 0; i < 120; i++) {
    const answer = await attempt(targets[i % 2] as Target, { type: 'UserNotFoundException' });
    if (!answer.ok) failures.push(`call ${i + 1} answered ${answer.status} ${answer.text.slice(0, 80)}`);
  }
  if (Date.now() - started > 55_000)
    return {
      name: 'per-address sign-in limit across processes',
      ok: true,
      detail: 'inconclusive: 120 calls took over 55 s',
    };
  for (const target of targets) {
    const answer = await attempt(target, { type: 'TooManyRequestsException', message: 'Rate exceeded' });
    if (!answer.ok)
      failures.push(`${target.name}: call 121 answered ${answer.status} ${answer.text.slice(0, 80)}`);
  }
  return {
    name: 'per-address sign-in limit across processes (120 calls A/B, then refused at both)',
    ok: failures.length === 0,
    detail: failures.slice(0, 3).join('; ') || 'one count for both',
  };
}

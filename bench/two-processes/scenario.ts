/**
 * The mixed load: every client sends each request to the next process in turn (A, B, A, …), and after a
 * write it reads the result back through the other process. What the clients were told (acknowledged
 * writes) is kept in `Model`, which the final checks compare with the API of both processes and with SQL.
 */
import type pg from 'pg';
import { readDemoPasswords } from '../support/demo-accounts.ts';
import {
  type Answer,
  call,
  type IdentitySettings,
  identity,
  type Recorder,
  signInWithPassword,
  signInWithSrp,
  type Target,
  type Tokens,
} from './client.ts';

const demoPasswords = new Map<string, string>();

/** Reads the demo passwords the first server wrote (DATA_DIR/demo-accounts.json); call once it is up. */
export function useDemoPasswords(dataDir: string): void {
  for (const [email, password] of readDemoPasswords(dataDir)) demoPasswords.set(email, password);
}

/** A demo account; its password is generated at seeding, so it is read when first needed. */
const account = (email: string) => ({
  email,
  get password(): string {
    const password = demoPasswords.get(email);
    if (!password) throw new Error(`no demo password for ${email}: call useDemoPasswords first`);
    return password;
  },
});

export const ACCOUNTS = {
  northwindOwner: account('owner@northwind.example'),
  northwindMember: account('member@northwind.example'),
  priya: account('priya@northwind.example'),
  diego: account('diego@northwind.example'),
  jadeOwner: account('owner@jadeharbor.example'),
  jadeMember: account('member@jadeharbor.example'),
  kevin: account('kevin@jadeharbor.example'),
  amy: account('amy@jadeharbor.example'),
  pinecrestOwner: account('disty@pinecrest.example'),
  pinecrestMember: account('sales@pinecrest.example'),
  /** Sign-in, refresh, revoke and global sign-out, over and over. */
  sessions: account('hq.sales@lumora.example'),
  /** Wrong passwords until locked, then the right one through the other process. */
  lockout: account('disty@rheinvision.example'),
} as const;
export type Account = ReturnType<typeof account>;

/** Ids read from the seeded database before the load. */
export interface World {
  userId: Map<string, string>;
  northwind: string;
  jade: string;
  /**
   * Northwind customers with a contact e-mail: metadata (owner), metadata (member), remote (owner),
   * remote (member), remote (race), metadata (race).
   */
  writableOrgs: { id: string; requesting: boolean }[];
  /** Per company: the customer and site with the most devices (device lists). */
  bigSite: Map<string, { orgId: string; siteId: string; devices: number }>;
}

export async function loadWorld(pool: pg.Pool): Promise<World> {
  const emails = Object.values(ACCOUNTS).map((a) => a.email);
  const users = await pool.query<{ id: string; email: string; company_id: string }>(
    'select id, email, company_id from users where email = any($1)',
    [emails],
  );
  const userId = new Map(users.rows.map((row) => [row.email, row.id]));
  for (const email of emails) if (!userId.has(email)) throw new Error(`demo account ${email} missing`);
  const companyOf = (email: string) => users.rows.find((row) => row.email === email)?.company_id as string;
  const northwind = companyOf(ACCOUNTS.northwindOwner.email);
  const jade = companyOf(ACCOUNTS.jadeOwner.email);
  const orgs = await pool.query<{ id: string; remote_access_requesting: boolean }>(
    `select id, remote_access_requesting from organizations
     where company_id = $1 and contact_email <> '' and not remote_access_enabled
     order by name, id limit 6`,
    [northwind],
  );
  if (orgs.rows.length < 6) throw new Error('Northwind needs 6 customers with a contact e-mail');
  const bigSite = new Map<string, { orgId: string; siteId: string; devices: number }>();
  for (const company of [northwind, jade]) {
    const site = await pool.query<{ organization_id: string; site_id: string; devices: number }>(
      `select organization_id, site_id, count(*)::int as devices from devices where company_id = $1
       group by organization_id, site_id order by count(*) desc, site_id limit 1`,
      [company],
    );
    const row = site.rows[0];
    if (!row) throw new Error(`company ${company} has no devices`);
    bigSite.set(company, { orgId: row.organization_id, siteId: row.site_id, devices: row.devices });
  }
  return {
    userId,
    northwind,
    jade,
    writableOrgs: orgs.rows.map((row) => ({ id: row.id, requesting: row.remote_access_requesting })),
    bigSite,
  };
}

/** What the clients were told. */
export interface Model {
  members: Map<string, { email: string; name: string }>;
  deleted: Map<string, string>;
  /** Creations whose answer was an error: they may or may not exist. */
  uncertainEmails: Set<string>;
  companyName: Map<string, string>;
  metadata: Map<string, string>;
  requesting: Map<string, boolean>;
  /**
   * Jade Harbor's owner transfers form one chain (owner → member → owner …), since only the owner can
   * transfer: after `acknowledged` transfers the owner is known, and each of the `pending` ones (sent,
   * not yet answered) may have happened. `broken`: a transfer failed, its outcome is unknown.
   */
  ownerChain: { first: string; second: string; acknowledged: number; pending: number; broken: boolean };
  signIns: { password: number; srp: number };
  /** Pinecrest: two transfers at once, one through each process; only one may win. */
  pinecrestTransfers: number;
  races: Map<string, number>;
  crossChecks: Map<string, { passed: number; inconclusive: number }>;
}

export function newModel(world: World): Model {
  return {
    members: new Map(),
    deleted: new Map(),
    uncertainEmails: new Set(),
    companyName: new Map(),
    metadata: new Map(),
    requesting: new Map(world.writableOrgs.map((org) => [org.id, org.requesting])),
    ownerChain: {
      first: world.userId.get(ACCOUNTS.jadeOwner.email) as string,
      second: world.userId.get(ACCOUNTS.jadeMember.email) as string,
      acknowledged: 0,
      pending: 0,
      broken: false,
    },
    signIns: { password: 0, srp: 0 },
    pinecrestTransfers: 0,
    races: new Map(),
    crossChecks: new Map(),
  };
}

/** The owner after `transfers` transfers of the chain. */
export function ownerAfter(chain: Model['ownerChain'], transfers: number): string {
  return transfers % 2 === 0 ? chain.first : chain.second;
}

export function passed(model: Model, check: string, inconclusive = false): void {
  const entry = model.crossChecks.get(check) ?? { passed: 0, inconclusive: 0 };
  model.crossChecks.set(check, entry);
  if (inconclusive) entry.inconclusive += 1;
  else entry.passed += 1;
}

export interface Context {
  pool: pg.Pool;
  recorder: Recorder;
  targets: readonly [Target, Target];
  settings: IdentitySettings;
  world: World;
  model: Model;
  until: number;
  runId: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One client: its own turn-taking over the two processes and its own client addresses. */
class Client {
  private turn: number;
  private addressCount = 0;
  private readonly turns = new Map<string, number>();
  constructor(
    readonly ctx: Context,
    readonly index: number,
  ) {
    this.turn = index % 2;
  }
  /** The next process in turn. */
  next(): Target {
    return this.ctx.targets[this.turn++ % 2] as Target;
  }
  /** The next process in turn for one kind of request, so that every kind goes to both processes alternately. */
  nextFor(kind: string): Target {
    const count = this.turns.get(kind) ?? this.index;
    this.turns.set(kind, count + 1);
    return this.ctx.targets[count % 2] as Target;
  }
  other(target: Target): Target {
    return this.ctx.targets[0] === target ? this.ctx.targets[1] : this.ctx.targets[0];
  }
  running(): boolean {
    return Date.now() < this.ctx.until;
  }
  /**
   * Sign-ins come from many addresses behind the proxy (X-Forwarded-For, believed from loopback with TRUST_PROXY=loopback): the
   * per-address limit (120 a minute, counted in the database) is checked separately, not tripped here.
   */
  address(): string {
    const n = this.addressCount++;
    return `10.${100 + this.index}.${(n >> 8) & 255}.${n & 255}`;
  }
  /** Password and SRP sign-ins in turn; SRP starts at one process and finishes at the other. */
  async signIn(account: Account, srp: boolean): Promise<Tokens | undefined> {
    const { recorder, settings, model } = this.ctx;
    const first = this.nextFor(srp ? 'srp' : 'password');
    const tokens = srp
      ? await signInWithSrp(
          recorder,
          first,
          this.other(first),
          settings,
          account.email,
          account.password,
          this.address(),
        )
      : await signInWithPassword(recorder, first, settings, account.email, account.password, this.address());
    if (tokens) model.signIns[srp ? 'srp' : 'password'] += 1;
    return tokens;
  }
}

/** Signs in until it works (errors are counted; the load goes on). */
async function session(client: Client, account: Account, srp = false): Promise<Tokens> {
  for (;;) {
    const tokens = await client.signIn(account, srp);
    if (tokens) return tokens;
    await sleep(200);
  }
}

async function companyToken(client: Client, session: Tokens, companyId: string): Promise<string | undefined> {
  const answer = await call(
    client.ctx.recorder,
    client.nextFor('vortextoken'),
    'reseller vortextoken',
    'POST',
    '/api/reseller/auth/vortextoken',
    {
      token: session.idToken,
      body: { companyId },
    },
  );
  return answer.ok ? (answer.json.token as string) : undefined;
}

async function organizationToken(
  client: Client,
  session: Tokens,
  orgId: string,
): Promise<string | undefined> {
  const answer = await call(
    client.ctx.recorder,
    client.nextFor('vsaas-token'),
    'reseller vsaas-token',
    'POST',
    `/api/reseller/v1/organizations/${orgId}/vsaas-token`,
    { token: session.idToken },
  );
  return answer.ok ? (answer.json.token as string) : undefined;
}

/** Reads of a dealer's screens: company, members, customers, dashboard, device lists. */
async function reader(ctx: Context, index: number, account: Account, companyId: string): Promise<void> {
  const client = new Client(ctx, index);
  const site = ctx.world.bigSite.get(companyId)!;
  const { recorder } = ctx;
  let tokens: Tokens | undefined;
  let company: string | undefined;
  let organization: string | undefined;
  for (let n = 0; client.running(); n++) {
    if (n % 12 === 0 || !tokens || !company || !organization) {
      tokens = await session(client, account, n % 24 === 12);
      company = await companyToken(client, tokens, companyId);
      organization = await organizationToken(client, tokens, site.orgId);
      continue;
    }
    const reads: [string, string, string][] = [
      ['reseller companies/info', '/api/reseller/v1/companies/info', tokens.idToken],
      ['reseller members', `/api/reseller/v1/companies/${companyId}/users`, tokens.idToken],
      ['user-portal customers', '/api/user-portal/companies/organizations', company],
      ['user-portal dashboard', '/api/user-portal/companies/statistics', company],
      ['user-portal site devices', `/api/user-portal/sites/${site.siteId}/devices`, company],
      ['platform statistics', '/api/platform/v1/organizations/statistics', company],
      ['platform site devices', `/api/platform/v1/sites/${site.siteId}/devices`, organization],
      ['user-portal customer statistics', `/api/user-portal/organizations/${site.orgId}/statistics`, company],
    ];
    const [operation, path, token] = reads[n % reads.length]!;
    await call(recorder, client.nextFor(operation), operation, 'GET', path, { token });
  }
}

/** The Northwind owner: members created, renamed, deleted; the company renamed. Each read back at the other process. */
async function memberWriter(ctx: Context, index: number, renamesCompany: boolean): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, world, runId } = ctx;
  const company = world.northwind;
  const tokens = await session(client, ACCOUNTS.northwindOwner);
  const token = tokens.idToken;
  /** The members this writer created and has not deleted (two writers work on the company at once). */
  const mine = new Set<string>();
  const membersAt = async (target: Target) => {
    const answer = await call(
      recorder,
      target,
      'reseller members',
      'GET',
      `/api/reseller/v1/companies/${company}/users`,
      {
        token,
      },
    );
    return answer.ok
      ? new Map((answer.json.items as { userId: string; name: string }[]).map((m) => [m.userId, m.name]))
      : undefined;
  };
  for (let n = 1; client.running(); n++) {
    const live = [...mine];
    let roll = n % 4 === 1 || live.length < 2 ? 1 : n % 4;
    if (roll === 0 && !renamesCompany) roll = 2;
    const target = client.nextFor(`member-${roll}`);
    if (roll === 0) {
      const name = `Northwind Security ${runId}-${n}`;
      const answer = await call(
        recorder,
        target,
        'reseller company rename',
        'PATCH',
        '/api/reseller/v1/companies/info',
        {
          token,
          body: { name },
        },
      );
      if (!answer.ok) continue;
      model.companyName.set(company, name);
      const info = await call(
        recorder,
        client.other(target),
        'reseller companies/info',
        'GET',
        '/api/reseller/v1/companies/info',
        {
          token,
        },
      );
      if (info.ok && info.json.name !== name)
        recorder.error('stale read', `company name ${info.json.name} ≠ ${name}`);
      else if (info.ok) passed(model, 'company name read back at the other process');
    } else if (roll === 1) {
      const email = `bench-${runId}-${index}-${n}@two-processes.test`;
      const name = `BenchMember${n}`;
      const answer = await call(
        recorder,
        target,
        'reseller member create',
        'POST',
        `/api/reseller/v1/companies/${company}/users`,
        {
          token,
          body: { email, name },
          expect: [201],
        },
      );
      if (!answer.ok) {
        model.uncertainEmails.add(email);
        continue;
      }
      model.members.set(answer.json.userId, { email, name });
      mine.add(answer.json.userId);
      const seen = await membersAt(client.other(target));
      if (seen && !seen.has(answer.json.userId))
        recorder.error('stale read', `created member ${email} not listed`);
      else if (seen) passed(model, 'member creation read back at the other process');
    } else if (roll === 2) {
      const id = live[n % live.length]!;
      const name = `BenchRenamed${n}`;
      const answer = await call(
        recorder,
        target,
        'reseller member rename',
        'PATCH',
        `/api/reseller/v1/users/${id}`,
        {
          token,
          body: { name },
        },
      );
      if (!answer.ok) continue;
      model.members.get(id)!.name = name;
      const seen = await membersAt(client.other(target));
      if (seen && seen.get(id) !== name)
        recorder.error('stale read', `member ${id} named ${seen.get(id)} ≠ ${name}`);
      else if (seen) passed(model, 'member rename read back at the other process');
    } else {
      const id = live[0]!;
      const answer = await call(
        recorder,
        target,
        'reseller member delete',
        'DELETE',
        `/api/reseller/v1/companies/${company}/users/${id}`,
        {
          token,
          expect: [204],
        },
      );
      if (!answer.ok) continue;
      model.deleted.set(id, model.members.get(id)!.email);
      model.members.delete(id);
      mine.delete(id);
      const seen = await membersAt(client.other(target));
      if (seen?.has(id)) recorder.error('stale read', `deleted member ${id} still listed`);
      else if (seen) passed(model, 'member deletion read back at the other process');
    }
  }
}

/** Customer metadata edits and remote-access request/abort on the writer's own two customers. */
async function customerWriter(
  ctx: Context,
  index: number,
  account: Account,
  metadataOrg: string,
  remoteOrg: string,
): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, world, runId } = ctx;
  const tokens = await session(client, account);
  const token = tokens.idToken;
  const company = await companyToken(client, tokens, world.northwind);
  for (let n = 1; client.running(); n++) {
    const requesting = model.requesting.get(remoteOrg);
    const target = client.nextFor(n % 2 === 1 ? 'metadata' : requesting ? 'abort' : 'request');
    if (n % 2 === 1) {
      const reference = `B${runId}-${index}-${n}`;
      const answer = await call(
        recorder,
        target,
        'default metadata edit',
        'PATCH',
        `/api/default/v1/organizations/${metadataOrg}/metadata`,
        {
          token,
          body: { reference },
        },
      );
      if (!answer.ok) continue;
      model.metadata.set(metadataOrg, reference);
      const back = await call(
        recorder,
        client.other(target),
        'default metadata',
        'GET',
        `/api/default/v1/organizations/${metadataOrg}/metadata`,
        {
          token,
        },
      );
      if (back.ok && back.json.reference !== reference) {
        recorder.error('stale read', `metadata reference ${back.json.reference} ≠ ${reference}`);
      } else if (back.ok) passed(model, 'metadata edit read back at the other process');
    } else {
      const answer = requesting
        ? await call(
            recorder,
            target,
            'default remote-access abort',
            'DELETE',
            `/api/default/v1/organizations/${remoteOrg}/remote-access-request`,
            {
              token,
              expect: [204],
            },
          )
        : await call(
            recorder,
            target,
            'default remote-access request',
            'POST',
            `/api/default/v1/organizations/${remoteOrg}/vortex-send-request`,
            {
              token,
              expect: [202],
            },
          );
      if (!answer.ok) continue;
      model.requesting.set(remoteOrg, !requesting);
      if (!company) continue;
      const info = await call(
        recorder,
        client.other(target),
        'user-portal customer info',
        'GET',
        `/api/user-portal/organizations/${remoteOrg}/info`,
        {
          token: company,
        },
      );
      if (info.ok && info.json.remoteAccess?.requesting !== !requesting) {
        recorder.error(
          'stale read',
          `remote access requesting ${info.json.remoteAccess?.requesting} ≠ ${!requesting}`,
        );
      } else if (info.ok) passed(model, 'remote-access change read back at the other process');
    }
  }
}

/**
 * Owner transfer back and forth on Jade Harbor: each of the two reads its own companies/info; the one
 * that is owner renames the company and hands ownership to the other through the other process. Only
 * the owner can transfer, so a refusal, or a read that disagrees with the acknowledged transfers, is a bug.
 */
async function ownerRacer(ctx: Context, index: number, me: Account, partner: Account): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, world, runId } = ctx;
  const myId = world.userId.get(me.email) as string;
  const partnerId = world.userId.get(partner.email) as string;
  const tokens = await session(client, me);
  const token = tokens.idToken;
  const chain = model.ownerChain;
  for (let n = 1; client.running() && !chain.broken; n++) {
    const target = client.next();
    const before = { acknowledged: chain.acknowledged, pending: chain.pending };
    const info = await call(
      recorder,
      target,
      'reseller companies/info',
      'GET',
      '/api/reseller/v1/companies/info',
      { token },
    );
    if (!info.ok) continue;
    const owner = info.json.owner === true;
    // The owners the chain allows between the request and its answer.
    const possible = new Set<string>();
    for (
      let i = before.acknowledged;
      i <= chain.acknowledged + Math.max(before.pending, chain.pending);
      i++
    ) {
      possible.add(ownerAfter(chain, i));
    }
    const settled = before.pending === 0 && chain.pending === 0 && before.acknowledged === chain.acknowledged;
    if (
      (owner && !possible.has(myId)) ||
      (!owner && settled && ownerAfter(chain, chain.acknowledged) === myId)
    ) {
      recorder.error(
        'stale read',
        `${me.email} owner=${owner} after ${chain.acknowledged} acknowledged transfers`,
      );
      continue;
    }
    if (!owner) {
      await sleep(5);
      continue;
    }
    const name = `Jade Harbor Technologies ${runId}-${n}`;
    const rename = await call(
      recorder,
      client.nextFor('rename'),
      'reseller company rename',
      'PATCH',
      '/api/reseller/v1/companies/info',
      {
        token,
        body: { name },
      },
    );
    if (rename.ok) model.companyName.set(world.jade, name);
    const via = client.nextFor('transfer');
    chain.pending += 1;
    const transfer = await call(
      recorder,
      via,
      'reseller owner transfer',
      'POST',
      `/api/reseller/v1/companies/${world.jade}/users/${partnerId}/owner`,
      {
        token,
        expect: [204],
      },
    );
    chain.pending -= 1;
    if (!transfer.ok) {
      chain.broken = true;
      continue;
    }
    chain.acknowledged += 1;
    const after = await call(
      recorder,
      client.other(via),
      'reseller companies/info',
      'GET',
      '/api/reseller/v1/companies/info',
      {
        token,
      },
    );
    // The partner may have handed it back meanwhile only if it saw itself owner: pending or acknowledged.
    if (
      after.ok &&
      after.json.owner === true &&
      chain.pending === 0 &&
      ownerAfter(chain, chain.acknowledged) !== myId
    ) {
      recorder.error('stale read', `${me.email} still owner after the transfer`);
    } else if (after.ok) passed(model, 'owner transfer read back at the other process');
  }
}

/**
 * The same write sent to both processes at the same moment: one duplicate member creation (one 201, one
 * 409), the double deletion of that member, two remote-access requests and two aborts for one customer
 * (one 202/204, one 409), two metadata edits of one field (both 200, both processes then agree on one of
 * them), and two owner transfers by Pinecrest's owner (one 204, one 403).
 */
async function racer(ctx: Context, index: number): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, world, runId, pool } = ctx;
  const owner = (await session(client, ACCOUNTS.northwindOwner)).idToken;
  const member = await session(client, ACCOUNTS.northwindMember);
  const company = await companyToken(client, member, world.northwind);
  const pinecrest = [ACCOUNTS.pinecrestOwner, ACCOUNTS.pinecrestMember];
  const pinecrestTokens = [
    (await session(client, ACCOUNTS.pinecrestOwner)).idToken,
    (await session(client, ACCOUNTS.pinecrestMember)).idToken,
  ];
  const pinecrestIds = pinecrest.map((account) => world.userId.get(account.email) as string);
  const pinecrestCompany = (
    await pool.query<{ company_id: string }>('select company_id from users where id = $1', [pinecrestIds[0]])
  ).rows[0]?.company_id as string;
  let pinecrestOwner = 0;
  const remoteOrg = world.writableOrgs[4]?.id as string;
  const metadataOrg = world.writableOrgs[5]?.id as string;
  const race = (name: string, statuses: number[], wanted: number[]) => {
    const got = [...statuses].sort((x, y) => x - y);
    if (got.some((status, i) => status !== wanted[i])) {
      recorder.error('inconsistent', `${name}: answers ${got.join('+')}, expected ${wanted.join('+')}`);
      return false;
    }
    model.races.set(name, (model.races.get(name) ?? 0) + 1);
    return true;
  };
  for (let n = 0; client.running(); n++) {
    const pair = n % 2 === 0 ? ctx.targets : ([ctx.targets[1], ctx.targets[0]] as const);
    const both = (send: (target: Target) => Promise<Answer>) => Promise.all(pair.map(send));
    const kind = n % 4;
    if (kind === 0) {
      const email = `bench-${runId}-race-${n}@two-processes.test`;
      const created = await both((target) =>
        call(
          recorder,
          target,
          'race member create',
          'POST',
          `/api/reseller/v1/companies/${world.northwind}/users`,
          {
            token: owner,
            body: { email, name: `Race${n}` },
            expect: [201, 409],
          },
        ),
      );
      const winner = created.find((answer) => answer.status === 201);
      if (
        !race(
          'duplicate member creation (201 + 409)',
          created.map((answer) => answer.status),
          [201, 409],
        ) ||
        !winner
      ) {
        model.uncertainEmails.add(email);
        continue;
      }
      const id = winner.json.userId as string;
      model.members.set(id, { email, name: `Race${n}` });
      const accounts = await pool.query<{ sub: string }>(
        'select sub from identity_users where lower(email) = $1',
        [email],
      );
      if (accounts.rows.length !== 1 || accounts.rows[0]?.sub !== id) {
        recorder.error(
          'inconsistent',
          `duplicate creation of ${email} left ${accounts.rows.length} identity accounts`,
        );
      }
      const deleted = await both((target) =>
        call(
          recorder,
          target,
          'race member delete',
          'DELETE',
          `/api/reseller/v1/companies/${world.northwind}/users/${id}`,
          {
            token: owner,
            expect: [204, 404],
          },
        ),
      );
      if (
        race(
          'double member deletion (204 + 404)',
          deleted.map((answer) => answer.status),
          [204, 404],
        )
      ) {
        model.members.delete(id);
        model.deleted.set(id, email);
      } else if (deleted.some((answer) => answer.status === 204)) {
        model.members.delete(id);
        model.deleted.set(id, email);
      }
    } else if (kind === 1) {
      for (const step of ['request', 'abort'] as const) {
        const answers = await both((target) =>
          step === 'request'
            ? call(
                recorder,
                target,
                'race remote-access request',
                'POST',
                `/api/default/v1/organizations/${remoteOrg}/vortex-send-request`,
                {
                  token: member.idToken,
                  expect: [202, 409],
                },
              )
            : call(
                recorder,
                target,
                'race remote-access abort',
                'DELETE',
                `/api/default/v1/organizations/${remoteOrg}/remote-access-request`,
                {
                  token: member.idToken,
                  expect: [204, 409],
                },
              ),
        );
        const won = step === 'request' ? 202 : 204;
        race(
          `remote-access ${step} twice (${won} + 409)`,
          answers.map((answer) => answer.status),
          [won, 409],
        );
        if (answers.some((answer) => answer.status === won))
          model.requesting.set(remoteOrg, step === 'request');
        if (!company) continue;
        const seen = await both((target) =>
          call(
            recorder,
            target,
            'user-portal customer info',
            'GET',
            `/api/user-portal/organizations/${remoteOrg}/info`,
            {
              token: company,
            },
          ),
        );
        for (const answer of seen) {
          if (answer.ok && answer.json.remoteAccess?.requesting !== (step === 'request')) {
            recorder.error(
              'stale read',
              `after the ${step} race requesting = ${answer.json.remoteAccess?.requesting}`,
            );
          }
        }
      }
    } else if (kind === 2) {
      const values = pair.map((target) => `R${runId}-${n}-${target.name}`);
      const answers = await Promise.all(
        pair.map((target, i) =>
          call(
            recorder,
            target,
            'race metadata edit',
            'PATCH',
            `/api/default/v1/organizations/${metadataOrg}/metadata`,
            {
              token: member.idToken,
              body: { reference: values[i] },
            },
          ),
        ),
      );
      if (
        !race(
          'two metadata edits at once (200 + 200)',
          answers.map((answer) => answer.status),
          [200, 200],
        )
      )
        continue;
      const seen = await both((target) =>
        call(
          recorder,
          target,
          'default metadata',
          'GET',
          `/api/default/v1/organizations/${metadataOrg}/metadata`,
          {
            token: owner,
          },
        ),
      );
      const references = seen.map((answer) => answer.json?.reference as string);
      if (references[0] !== references[1] || !values.includes(references[0] as string)) {
        recorder.error(
          'inconsistent',
          `after two edits ${values.join(', ')} the processes read ${references.join(', ')}`,
        );
      } else model.metadata.set(metadataOrg, references[0] as string);
    } else {
      const from = pinecrestOwner;
      const to = 1 - from;
      const answers = await both((target) =>
        call(
          recorder,
          target,
          'race owner transfer',
          'POST',
          `/api/reseller/v1/companies/${pinecrestCompany}/users/${pinecrestIds[to]}/owner`,
          {
            token: pinecrestTokens[from],
            expect: [204, 403],
          },
        ),
      );
      race(
        'two owner transfers at once (204 + 403)',
        answers.map((answer) => answer.status),
        [204, 403],
      );
      if (answers.some((answer) => answer.status === 204)) {
        pinecrestOwner = to;
        model.pinecrestTransfers += 1;
      }
      const row = await pool.query<{ owner_user_id: string }>(
        'select owner_user_id from companies where id = $1',
        [pinecrestCompany],
      );
      if (row.rows[0]?.owner_user_id !== pinecrestIds[pinecrestOwner]) {
        recorder.error(
          'inconsistent',
          `Pinecrest owner ${row.rows[0]?.owner_user_id} ≠ ${pinecrestIds[pinecrestOwner]}`,
        );
      }
    }
  }
}

/**
 * Sign in at one process, refresh at the other, then revoke (RevokeToken or GlobalSignOut) at one and see
 * the refresh token and the session refused at the other.
 */
async function sessionChurn(ctx: Context, index: number): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, settings } = ctx;
  const account = ACCOUNTS.sessions;
  for (let n = 0; client.running(); n++) {
    const tokens = await client.signIn(account, n % 2 === 1);
    if (!tokens) continue;
    const refreshAt = client.nextFor('refresh');
    const refreshed = await identity(recorder, refreshAt, 'GetTokensFromRefreshToken', {
      ClientId: settings.clientId,
      RefreshToken: tokens.refreshToken,
    });
    if (!refreshed.ok) continue;
    const revokeAt = client.nextFor(`revoke-${n % 4 < 2}`);
    const revoke =
      n % 4 < 2
        ? await identity(recorder, revokeAt, 'RevokeToken', {
            ClientId: settings.clientId,
            Token: tokens.refreshToken,
          })
        : await identity(recorder, revokeAt, 'GlobalSignOut', { AccessToken: tokens.accessToken });
    if (!revoke.ok) continue;
    const elsewhere = client.other(revokeAt);
    const refused = await identity(
      recorder,
      elsewhere,
      'GetTokensFromRefreshToken',
      { ClientId: settings.clientId, RefreshToken: tokens.refreshToken },
      { refusal: { type: 'NotAuthorizedException' } },
    );
    if (!refused.ok && refused.status === 200)
      recorder.error('inconsistent', 'revoked refresh token accepted by the other process');
    const sessionRefused = await call(
      recorder,
      elsewhere,
      'reseller companies/info (revoked)',
      'GET',
      '/api/reseller/v1/companies/info',
      {
        token: tokens.idToken,
        expect: [401],
      },
    );
    if (sessionRefused.status === 200)
      recorder.error('inconsistent', 'revoked session accepted by the other process');
    if (refused.ok && sessionRefused.status === 401)
      passed(model, 'revocation at one process refused at the other');
  }
}

/** Five wrong passwords, alternating; the right one at once through the other process must be refused. */
async function lockoutChurn(ctx: Context, index: number): Promise<void> {
  const client = new Client(ctx, index);
  const { recorder, model, settings } = ctx;
  const { email, password } = ACCOUNTS.lockout;
  const attempt = (target: Target, secret: string, refusal?: { type: string; message?: string }) =>
    identity(
      recorder,
      target,
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: settings.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: secret },
      },
      { clientAddress: client.address(), ...(refusal ? { refusal } : {}) },
    );
  while (client.running()) {
    let lastTarget = client.nextFor('lockout');
    let lockedAt = 0;
    for (let i = 0; i < 5; i++) {
      lastTarget = i === 0 ? lastTarget : client.next();
      lockedAt = performance.now();
      await attempt(lastTarget, 'Wrong-Pass-2025', {
        type: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      });
    }
    // The fifth failure locks the account for 1 s; only a check within that second is conclusive.
    const right = await identity(
      recorder,
      client.other(lastTarget),
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: settings.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      },
      {
        clientAddress: client.address(),
        refusal: { type: 'NotAuthorizedException', message: 'Password attempts exceeded' },
      },
    );
    const elapsed = performance.now() - lockedAt;
    if (right.ok) passed(model, 'lockout at one process seen at the other');
    else if (right.status === 200 && elapsed < 900) {
      recorder.error(
        'inconsistent',
        `locked account signed in at the other process ${elapsed.toFixed(0)} ms after the lock`,
      );
    } else if (right.status === 200) passed(model, 'lockout at one process seen at the other', true);
    await sleep(1200);
    // After the lock, the right password works at either process (and resets the count).
    await attempt(client.nextFor('unlock'), password);
    await sleep(500);
  }
}

/** Every client of the mixed load, run until ctx.until. */
export async function runLoad(ctx: Context): Promise<void> {
  const { world } = ctx;
  const [metaOwner, metaMember, remoteOwner, remoteMember] = world.writableOrgs.map((org) => org.id) as [
    string,
    string,
    string,
    string,
  ];
  let index = 0;
  const clients = [
    reader(ctx, index++, ACCOUNTS.priya, world.northwind),
    reader(ctx, index++, ACCOUNTS.diego, world.northwind),
    reader(ctx, index++, ACCOUNTS.kevin, world.jade),
    reader(ctx, index++, ACCOUNTS.amy, world.jade),
    memberWriter(ctx, index++, true),
    memberWriter(ctx, index++, false),
    customerWriter(ctx, index++, ACCOUNTS.northwindOwner, metaOwner, remoteOwner),
    customerWriter(ctx, index++, ACCOUNTS.northwindMember, metaMember, remoteMember),
    ownerRacer(ctx, index++, ACCOUNTS.jadeOwner, ACCOUNTS.jadeMember),
    ownerRacer(ctx, index++, ACCOUNTS.jadeMember, ACCOUNTS.jadeOwner),
    sessionChurn(ctx, index++),
    racer(ctx, index++),
    lockoutChurn(ctx, index++),
  ];
  const results = await Promise.allSettled(clients);
  for (const result of results) {
    if (result.status === 'rejected')
      ctx.recorder.error('inconsistent', `client crashed: ${String(result.reason?.stack ?? result.reason)}`);
  }
}

/**
 * Incident mail under a storm (issue 15 item 9): `npx tsx bench/notification-mail.ts [--engines pglite,postgresql]
 * [--incidents 10000] [--customers 1000] [--window 10]`.
 *
 * On a copy of the large demo data (bench/support/seeded-cache.ts) it starts the real app in this process with
 * the job queue on, NOTIFY_BUNDLE_SECONDS=--window and SMTP_URL pointing at an SMTP server on loopback
 * (smtp-server, in this process, parsing what arrives with mailparser). The large dealer gets a rule mailing
 * every member as well as the owner. The storm: --incidents incidents over --customers of the dealer's
 * customers opened in one transaction, as the engine's statement would (incidents + their 'opened' timeline
 * rows). Prints mails per recipient (target: 1), the incidents listed per mail, and the time from the storm's
 * commit to each mail's arrival (the window is part of it by design), then waits one more window to see that
 * nothing else comes. PGlite always (unless --engines), PostgreSQL with BENCH_DATABASE_URL.
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/infrastructure/config/config.ts';
import { LARGE_DEALER_OWNER } from './ingest/fixture.ts';
import { type CopiedDatabase, pgliteCopy, postgresCopy } from './support/seeded-cache.ts';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgresql' },
    incidents: { type: 'string', default: '10000' },
    customers: { type: 'string', default: '1000' },
    window: { type: 'string', default: '10' },
  },
});
const INCIDENTS = Number(values.incidents);
const CUSTOMERS = Number(values.customers);
const WINDOW = Number(values.window);
const log = (line: string) => console.info(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Arrival {
  to: string;
  at: number;
  incidents: number;
}

async function run(name: string, copy: CopiedDatabase): Promise<void> {
  const arrivals: Arrival[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? (mail.to[0]?.text ?? '') : (mail.to?.text ?? '');
          const incidents = (mail.text ?? '').match(/incidents\?state=all&incident=\d+/g)?.length ?? 0;
          arrivals.push({ to, at: Date.now(), incidents });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const database = await copy.open();
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    MODE: 'production',
    JOBS: 'true',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    NOTIFY_BUNDLE_SECONDS: String(WINDOW),
    PUBLIC_URL: 'https://portal.example.test',
    ...(await import('../server/src/services/identity/admin-credentials.ts')).generateAdminKeyEnv(),
  });
  const app = await buildApp({ config, database, logger: false, webDist: '/nonexistent' });
  await app.ready();
  try {
    const db = app.db;
    const owner = await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('email', '=', LARGE_DEALER_OWNER)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('notification_rules')
      .values({
        company_id: owner.company_id,
        name: 'Everyone',
        recipient_kind: 'members',
        delivery: 'immediate',
      })
      .execute();
    const members = await db
      .selectFrom('users')
      .select('email')
      .where('company_id', '=', owner.company_id)
      .execute();
    // Anything the start-up (license incidents, the seed's queued work) mails first is not the storm's.
    await sleep((WINDOW + 3) * 1000);
    arrivals.length = 0;

    const started = Date.now();
    const storm = await sql<{ n: string; customers: string }>`
      with customers as (
        select id from organizations where company_id = ${owner.company_id} order by id limit ${CUSTOMERS}
      ), candidates as (
        select d.id, d.company_id, d.organization_id, d.site_id,
          row_number() over (partition by d.organization_id order by d.id) as k
        from devices d join customers c on c.id = d.organization_id
        where d.device_category in ('CAMERA', 'FISH_EYE', 'PTZ')
          and not exists (select 1 from incidents o where o.device_id = d.id and o.resolved_at is null
            and o.alert_type = 'RECORDING_FAILED')
      ), picked as (
        select * from candidates order by k, organization_id limit ${INCIDENTS}
      ), opened as (
        insert into incidents (company_id, organization_id, site_id, device_id, category, alert_type, started_at)
        select company_id, organization_id, site_id, id, 'CAMERA', 'RECORDING_FAILED', now() from picked
        on conflict do nothing
        returning id, organization_id, started_at
      ), events as (
        insert into incident_events (incident_id, at, kind) select id, started_at, 'opened' from opened
      )
      select count(*)::text as n, count(distinct organization_id)::text as customers from opened`.execute(db);
    const committed = Date.now();
    const incidents = Number(storm.rows[0]?.n);
    log(
      `${name}: storm of ${incidents} incidents over ${storm.rows[0]?.customers} customers committed in ${committed - started} ms; ${members.length} recipients`,
    );
    const recipients = new Set(members.map((m) => m.email));
    while (Date.now() - committed < (WINDOW + 120) * 1000) {
      const got = new Set(arrivals.map((a) => a.to));
      if ([...recipients].every((r) => got.has(r))) break;
      await sleep(200);
    }
    const allIn = Date.now();
    await sleep((WINDOW + 5) * 1000);
    const perRecipient = new Map<string, Arrival[]>();
    for (const a of arrivals) perRecipient.set(a.to, [...(perRecipient.get(a.to) ?? []), a]);
    const counts = [...recipients].map((r) => perRecipient.get(r)?.length ?? 0);
    const listed = arrivals.map((a) => a.incidents);
    const times = arrivals.map((a) => a.at - committed).sort((a, b) => a - b);
    log(
      `${name}: mails per recipient min ${Math.min(...counts)} max ${Math.max(...counts)} (target 1); ` +
        `incidents listed per mail min ${Math.min(...listed)} max ${Math.max(...listed)} of ${incidents}; ` +
        `storm commit → first mail ${times[0]} ms, last mail ${times.at(-1)} ms (window ${WINDOW} s); ` +
        `all recipients served ${allIn - committed} ms after the commit; ${arrivals.length} mails in all`,
    );
  } finally {
    await app.close();
    await database.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

const engines = values.engines.split(',');
if (engines.includes('pglite')) {
  const copy = await pgliteCopy('large', log);
  try {
    await run('PGlite', copy);
  } finally {
    await copy.dispose();
  }
}
if (engines.includes('postgresql') && process.env.BENCH_DATABASE_URL) {
  const copy = await postgresCopy(process.env.BENCH_DATABASE_URL, 'large', 'notification_mail', log);
  try {
    await run('PostgreSQL', copy);
  } finally {
    await copy.dispose();
  }
}

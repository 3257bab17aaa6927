import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../src/domain/mail/mailer.ts';
import {
  type MailDeps,
  sendBundle,
  sendDigests,
  sendReminders,
} from '../../src/jobs/mail/incident-mail-steps.ts';
import { buildCompany, buildMember } from '../helpers/factories.ts';
import { type BuiltSite, buildCustomer, buildDevice, buildSite } from '../helpers/platform-factories.ts';
import { bearer, signIn } from '../helpers/sign-in.ts';
import { buildTestApp, type TestApp } from '../helpers/test-app.ts';
import { eventually, ingest, ingestKey, report } from '../ingest/ingest-helpers.ts';

/** A real SMTP server on loopback: what arrives is what a mail server would have received. */
const received: ParsedMail[] = [];
let failNext = 0;
let smtp: SMTPServer;
/**
 * Long enough that incidents reported 0.5 s apart fall in one window on a loaded machine (with 2 s, the
 * second report's incident opened after the window had closed at load 20: two mails).
 */
const BUNDLE_SECONDS = 6;
let t: TestApp;
let key: string;
let deps: MailDeps;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (failNext > 0) {
            failNext -= 1;
            callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            return;
          }
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await buildTestApp({
    JOBS: 'true',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MODE: 'production',
    NOTIFY_BUNDLE_SECONDS: String(BUNDLE_SECONDS),
    INCIDENT_DEBOUNCE_SECONDS: '1',
    PUBLIC_URL: 'https://portal.example.test',
  });
  key = await ingestKey(t.app);
  deps = {
    mailer: createMailer({ config: t.config, db: t.app.db, log: t.app.log }),
    portalUrl: t.config.PUBLIC_URL,
  };
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const mailsTo = (email: string) =>
  received.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text === email));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const nextMailTo = (email: string, count: number) =>
  eventually(async () => mailsTo(email).length >= count && mailsTo(email)[count - 1], 60_000);

async function dealer(locale: 'en' | 'zh-TW' = 'en', vendor: 'lumora' | 'kestrel' = 'lumora') {
  const company = await buildCompany(t.app.db, { vendor });
  if (locale !== 'en')
    await t.app.db.updateTable('users').set({ locale }).where('id', '=', company.owner.id).execute();
  const customer = await buildCustomer(t.app.db, company, { name: `Cust ${company.name}` });
  const site = await buildSite(t.app.db, customer, { name: 'Main site' });
  return { company, customer, site };
}

async function cameras(site: BuiltSite, n: number, prefix = 'Cam') {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1)
    ids.push((await buildDevice(t.app.db, site, { name: `${prefix} ${i + 1}` })).id);
  return ids;
}

const fail = (ids: string[], flag: 'recordFailed' | 'firmwareUpdatedFailed' = 'recordFailed', on = true) =>
  ingest(
    t.app,
    key,
    ids.map((id) => report(id, { status: { [flag]: on } })),
  );

/** A header as sent (mailparser turns List-* headers into objects). */
const rawHeader = (mail: ParsedMail, name: string) =>
  (mail.headerLines.find((header) => header.key === name)?.line ?? '').replace(/\r?\n\s+/g, '');

const incidentLinks = (mail: ParsedMail) =>
  (mail.text ?? '').match(/https:\/\/portal\.example\.test\/incidents\?state=all&incident=\d+/g) ?? [];

/**
 * A fixed-offset zone (no daylight saving) in which it is now about `localHour` o'clock, so the portal's own
 * minute-by-minute digest job, which runs during these tests, finds every digest hour of 8 or 9 still ahead.
 * `at(day, 'hh:mm')`: that local time on `day` as an instant.
 */
function zoneAt(localHour: number) {
  let offset = (localHour - new Date().getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return zoneOf(offset);
}

/** The fixed-offset zone `offset` hours ahead of UTC (-12 to +14). */
function zoneOf(offset: number) {
  // POSIX sign: Etc/GMT-8 is UTC+8.
  const name = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  return {
    name,
    offset,
    at: (day: string, time: string) => new Date(Date.parse(`${day}T${time}:00Z`) - offset * 3_600_000),
  };
}

describe('incident mail over SMTP', () => {
  it('mails the owner one bundle for incidents within the window, then the recovery; unsubscribe works', async () => {
    const { company, site } = await dealer();
    const ids = await cameras(site, 3);
    expect((await fail(ids.slice(0, 2))).statusCode).toBe(202);
    await sleep(500);
    await fail(ids.slice(2));
    const first = await nextMailTo(company.owner.email, 1);
    await sleep(BUNDLE_SECONDS * 1000 + 500);
    expect(mailsTo(company.owner.email)).toHaveLength(1);
    expect(first.subject).toBe('Lumora Partner Portal: 3 new incident(s)');
    expect(incidentLinks(first)).toHaveLength(3);
    expect(first.text).toContain('Cam 1');
    expect(first.text).toContain('Camera · Recording failed');
    expect(first.text).toContain('Main site');
    expect(first.html).toContain('href="https://portal.example.test/incidents?state=all&#38;incident=');
    const unsubscribeHeader = rawHeader(first, 'list-unsubscribe');
    expect(rawHeader(first, 'list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const url = /<(https:[^>]+)>/.exec(unsubscribeHeader)?.[1] ?? '';
    expect(first.text).toContain(url);

    await fail(ids, 'recordFailed', false);
    const recovery = await nextMailTo(company.owner.email, 2);
    expect(recovery.subject).toBe('Lumora Partner Portal: 3 incident(s) recovered');
    expect(recovery.text).toContain('[RECOVERED] Cam 2');

    // The link without signing in: GET only shows the confirm page.
    const path = url.replace('https://portal.example.test', '');
    const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(page.body).toContain(company.owner.email);
    const subscription = () =>
      t.app.db
        .selectFrom('mail_subscriptions')
        .selectAll()
        .where('user_id', '=', company.owner.id)
        .executeTakeFirst();
    expect(await subscription()).toBeUndefined();
    // Tampered and other-purpose tokens are refused with a page.
    const token = new URL(url).searchParams.get('token') ?? '';
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ p: 'unsubscribe', u: company.owner.id, t: 1 })).toString('base64url')}.${signature}`;
    for (const bad of [`${payload}.${'A'.repeat(43)}`, forged, 'nonsense']) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/v1/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { accept: 'text/html' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Link not valid');
      const json = await t.app.inject({
        method: 'GET',
        url: `/api/notifications/v1/unsubscribe?token=${bad}`,
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().detail).toBe('This unsubscribe link is not valid.');
    }
    expect(await subscription()).toBeUndefined();
    // RFC 8058 one-click: POST with the token in the query.
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect((await subscription())?.delivery).toBe('off');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_user_id', '=', company.owner.id)
      .execute();
    expect(audit.map((row) => row.action)).toContain('notifications.subscription.unsubscribe');

    await fail(ids.slice(0, 1));
    await sleep(BUNDLE_SECONDS * 1000 + 1500);
    expect(mailsTo(company.owner.email)).toHaveLength(2);
  });

  it('writes to a zh-TW recipient in Chinese, with text and HTML parts', async () => {
    const { company, site } = await dealer('zh-TW');
    await fail(await cameras(site, 2, '門口'));
    const mail = await nextMailTo(company.owner.email, 1);
    expect(mail.subject).toBe('Lumora Partner Portal：2 個新事件');
    expect(mail.text).toContain('錄影失敗');
    expect(mail.text).toContain('門口 1');
    expect(mail.html).toContain('錄影失敗');
    expect(incidentLinks(mail)).toHaveLength(2);
    const path = /<https:\/\/portal\.example\.test([^>]+)>/.exec(rawHeader(mail, 'list-unsubscribe'))?.[1];
    const page = await t.app.inject({ method: 'GET', url: path ?? '' });
    expect(page.body).toContain('取消訂閱');
  });

  it('writes to a member of a Kestrel Eye company (Jade Harbor) in Kestrel Eye’s brand on a Lumora server', async () => {
    expect(t.config.BRAND).toBe('lumora');
    const { company, site } = await dealer('en', 'kestrel');
    await fail(await cameras(site, 1));
    const mail = await nextMailTo(company.owner.email, 1);
    expect(mail.subject).toBe('Kestrel Eye Partner Center: 1 new incident(s)');
    expect(mail.text).toContain('© 2025 Kestrel Eye Ltd.');
    expect(`${mail.text}${mail.html}`).not.toContain('Lumora');
    // The unsubscribe page the mail links to carries the member's brand too.
    const path = /<https:\/\/portal\.example\.test([^>]+)>/.exec(rawHeader(mail, 'list-unsubscribe'))?.[1];
    const page = await t.app.inject({ method: 'GET', url: path ?? '' });
    expect(page.body).toContain('Kestrel Eye');
    expect(page.body).not.toContain('Lumora');
  });

  it('routes by rule: a named member gets only matching types and customers; the owner then gets nothing', async () => {
    const { company, site } = await dealer();
    const member = await buildMember(t.app.db, company);
    const otherSite = await buildSite(
      t.app.db,
      await buildCustomer(t.app.db, company, { name: 'Elsewhere' }),
    );
    const owner = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
    const rule = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/v1/rules',
      headers: bearer(owner),
      payload: {
        name: 'Recording at one customer',
        events: ['CAMERA.RECORDING_FAILED'],
        organizationIds: [site.organizationId],
        recipients: [member.id],
        delivery: 'immediate',
      },
    });
    expect(rule.statusCode).toBe(201);
    const [mine] = await cameras(site, 1, 'Mine');
    const [theirs] = await cameras(otherSite, 1, 'Theirs');
    const [firmware] = await cameras(site, 1, 'Firmware');
    await fail([mine as string, theirs as string]);
    await fail([firmware as string], 'firmwareUpdatedFailed');
    const mail = await nextMailTo(member.email, 1);
    await sleep(BUNDLE_SECONDS * 1000 + 500);
    expect(incidentLinks(mail)).toHaveLength(1);
    expect(mail.text).toContain('Mine 1');
    expect(mail.text).not.toContain('Theirs');
    expect(mail.text).not.toContain('Firmware');
    expect(mailsTo(company.owner.email)).toHaveLength(0);
    expect(mailsTo(member.email)).toHaveLength(1);
  });

  it('sends no immediate mail in digest mode, and the digest once at its hour in the company time zone', async () => {
    const { company, site } = await dealer();
    const zone = zoneAt(2);
    await t.app.db
      .updateTable('companies')
      .set({ time_zone: zone.name })
      .where('id', '=', company.id)
      .execute();
    const owner = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/v1/subscription',
      headers: bearer(owner),
      payload: { delivery: 'digest', digestHour: 9 },
    });
    expect(put.statusCode).toBe(200);
    await fail(await cameras(site, 2, 'Digest'));
    await sleep(BUNDLE_SECONDS * 1000 + 1500);
    expect(mailsTo(company.owner.email)).toHaveLength(0);
    // On a day to come, at 08:30 in the company's zone: not yet; 09:05 → the digest; 10:00 → not again.
    const day = new Date(Date.now() + 86_400_000 * 3).toISOString().slice(0, 10);
    await sendDigests(t.app.db, deps, zone.at(day, '08:30'));
    expect(mailsTo(company.owner.email)).toHaveLength(0);
    await sendDigests(t.app.db, deps, zone.at(day, '09:05'));
    const digest = await nextMailTo(company.owner.email, 1);
    expect(digest.subject).toBe('Lumora Partner Portal: daily summary');
    expect(digest.text).toContain('Open incidents: 2.');
    expect(incidentLinks(digest)).toHaveLength(2);
    expect(digest.text).toContain(`Times are in your time zone (${zone.name}).`);
    await sendDigests(t.app.db, deps, zone.at(day, '10:00'));
    await sleep(300);
    expect(mailsTo(company.owner.email)).toHaveLength(1);
  });

  it('sends a member with a time zone of their own the digest at their hour, not the company’s', async () => {
    const { company, site } = await dealer();
    const companyZone = zoneAt(4);
    // Three hours behind the company's, whatever the hour the test runs at (two zones picked by the hour on
    // their own would wrap around the date line between 11:00 and 14:00 UTC, the member's 09:05 then coming
    // before the company's).
    const memberZone = zoneOf(companyZone.offset - 3);
    await t.app.db
      .updateTable('companies')
      .set({ time_zone: companyZone.name })
      .where('id', '=', company.id)
      .execute();
    const member = await buildMember(t.app.db, company);
    const owner = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
    const token = (await signIn(t.app, member.email, member.password)).accessToken;
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/v1/rules',
      headers: bearer(owner),
      payload: { name: 'Everyone', recipients: 'members', delivery: 'digest' },
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/v1/subscription',
      headers: bearer(token),
      payload: { delivery: 'digest', digestHour: 9, timeZone: memberZone.name },
    });
    expect(put.statusCode).toBe(200);
    await fail(await cameras(site, 1, 'Zoned'));
    await sleep(BUNDLE_SECONDS * 1000 + 1500);
    const day = new Date(Date.now() + 86_400_000 * 4).toISOString().slice(0, 10);
    // 09:05 in the company's zone is 06:05 in the member's: the owner's digest, not the member's.
    await sendDigests(t.app.db, deps, companyZone.at(day, '09:05'));
    await nextMailTo(company.owner.email, 1);
    expect(mailsTo(member.email)).toHaveLength(0);
    // 09:05 in the member's zone: theirs, its times in their zone.
    await sendDigests(t.app.db, deps, memberZone.at(day, '09:05'));
    const digest = await nextMailTo(member.email, 1);
    expect(digest.text).toContain(`Times are in your time zone (${memberZone.name}).`);
    expect(mailsTo(company.owner.email)).toHaveLength(1);
  });

  it('defers mail in quiet hours to their end, and reminds once per threshold', async () => {
    const { company, site } = await dealer();
    const member = await buildMember(t.app.db, company);
    const token = (await signIn(t.app, member.email, member.password)).accessToken;
    const owner = (await signIn(t.app, company.owner.email, company.owner.password)).accessToken;
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/v1/rules',
      headers: bearer(owner),
      payload: { name: 'Everyone', recipients: 'members', delivery: 'immediate' },
    });
    // Quiet from an hour ago to three hours from now (UTC, the company's zone): still quiet 62 minutes from now
    // whatever the minute the test runs at (the reminder checks below look 61 and 62 minutes ahead).
    const hh = (offset: number) => String((new Date().getUTCHours() + offset + 24) % 24).padStart(2, '0');
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/v1/subscription',
      headers: bearer(token),
      payload: { delivery: 'immediate', quietHours: { from: `${hh(-1)}:00`, to: `${hh(3)}:00` } },
    });
    const [camera] = await cameras(site, 1, 'Quiet');
    await fail([camera as string]);
    await nextMailTo(company.owner.email, 1);
    const bundle = await eventually(async () =>
      t.app.db
        .selectFrom('mail_bundles')
        .selectAll()
        .where('user_id', '=', member.id)
        .where('send_after', '>', new Date(Date.now() + 3_600_000))
        .executeTakeFirst(),
    );
    expect(mailsTo(member.email)).toHaveLength(0);
    // At the end of the quiet hours the bundle goes.
    const end = new Date(bundle.send_after);
    expect(end.getUTCMinutes()).toBe(0);
    expect(await sendBundle(t.app.db, deps, bundle.id, new Date(end.getTime() + 1000))).toEqual({
      outcome: 'sent',
      incidents: 1,
    });
    await nextMailTo(member.email, 1);

    // Reminders (the owner has no quiet hours): once after 60 min, once after 24 h.
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const first = await sendReminders(t.app.db, deps, [60, 1440], later(61));
    expect(first.mails).toBeGreaterThanOrEqual(1);
    const reminder = await nextMailTo(company.owner.email, 2);
    expect(reminder.subject).toBe('Lumora Partner Portal: 1 incident(s) still open');
    expect(reminder.text).toContain('still open after 1 hour(s)');
    expect(reminder.text).toContain('Quiet 1');
    const again = await sendReminders(t.app.db, deps, [60, 1440], later(62));
    await sleep(300);
    expect(mailsTo(company.owner.email)).toHaveLength(2);
    expect(again.reminders).toBe(0);
    await sendReminders(t.app.db, deps, [60, 1440], later(1441));
    const day = await nextMailTo(company.owner.email, 3);
    expect(day.text).toContain('still open after 1 day(s)');
  });

  it('retries when the SMTP server refuses the first attempt: the mail arrives once', async () => {
    const { company, site } = await dealer();
    failNext = 1;
    await fail(await cameras(site, 1, 'Retry'));
    const mail = await nextMailTo(company.owner.email, 1);
    expect(failNext).toBe(0);
    expect(mail.subject).toBe('Lumora Partner Portal: 1 new incident(s)');
    await sleep(4000);
    expect(mailsTo(company.owner.email)).toHaveLength(1);
  });
});

import type { Kysely } from 'kysely';
import type { Mailer } from '../../domain/mail/mailer.ts';
import { bundleStep, markBundleSent } from '../../domain/notifications/mail/bundles.ts';
import { claimDigest, dueDigests } from '../../domain/notifications/mail/digests.ts';
import { type IncidentMail, incidentMailMessage } from '../../domain/notifications/mail/incident-mail.ts';
import { claimReminder, dueReminders } from '../../domain/notifications/mail/reminders.ts';
import type { DB } from '../../infrastructure/db/types.ts';

/*
 * The mail channel's delivery steps (decision 0020): each loads its work from the domain, sends through the
 * mailer (SMTP at the edge) and records it in one transaction of its own, so a failed send rolls the record
 * back and pg-boss (or the next minute) tries again; at least once: a crash between the SMTP server's 250
 * and the commit sends that mail again.
 */

export interface MailDeps {
  mailer: Mailer;
  /** PUBLIC_URL without a trailing slash. */
  portalUrl: string;
}

/** Sends one mail in `trx` (the mailer's outbox copy joins it). */
async function send(trx: Kysely<DB>, deps: MailDeps, mail: IncidentMail): Promise<void> {
  await deps.mailer.send(await incidentMailMessage(trx, deps.portalUrl, mail), { db: trx });
}

export type BundleOutcome =
  | { outcome: 'sent'; incidents: number }
  | { outcome: 'deferred'; until: Date }
  | { outcome: 'skipped' };

/** Mails one bundle (or defers it to the end of the recipient's quiet hours). Throws when mailing fails. */
export async function sendBundle(
  db: Kysely<DB>,
  deps: MailDeps,
  bundleId: string,
  now = new Date(),
): Promise<BundleOutcome> {
  return db.transaction().execute(async (trx) => {
    const step = await bundleStep(trx, bundleId, now);
    if (step.outcome !== 'due') return step;
    if (step.mail) await send(trx, deps, step.mail);
    await markBundleSent(trx, bundleId, now);
    return { outcome: 'sent', incidents: step.incidents };
  });
}

/** Reminders due now, one mail per recipient and threshold, each recorded once. */
export async function sendReminders(
  db: Kysely<DB>,
  deps: MailDeps,
  reminderMinutes: readonly number[],
  now = new Date(),
): Promise<{ mails: number; reminders: number }> {
  let mails = 0;
  let reminders = 0;
  for (const group of await dueReminders(db, reminderMinutes, now)) {
    await db.transaction().execute(async (trx) => {
      const mail = await claimReminder(trx, group);
      if (!mail) return;
      await send(trx, deps, mail);
      mails += 1;
      reminders += mail.payload.incidents.length;
    });
  }
  return { mails, reminders };
}

/** The daily digests due now, each once per member and local day. */
export async function sendDigests(
  db: Kysely<DB>,
  deps: MailDeps,
  now = new Date(),
): Promise<{ mails: number }> {
  let mails = 0;
  for await (const digest of dueDigests(db, now)) {
    const sent = await db.transaction().execute(async (trx) => {
      const mail = await claimDigest(trx, digest);
      if (mail) await send(trx, deps, mail);
      return mail !== null;
    });
    if (sent) mails += 1;
  }
  return { mails };
}

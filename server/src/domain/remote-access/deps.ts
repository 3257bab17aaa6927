import type { Kysely } from 'kysely';
import type { RemoteAccessConfig } from '../../infrastructure/config/remote-access-config.ts';
import type { DB } from '../../infrastructure/db/types.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * What the remote-access workflow needs besides its arguments: the database, its settings, mail, and a log
 * for what fails after a commit (a mail, a notice). The app has all of these, so a service passes `app`.
 */
export interface RemoteAccessDeps {
  db: Kysely<DB>;
  config: RemoteAccessConfig & { PUBLIC_URL: string };
  mail: Mailer;
  log: { error(details: object, message: string): void };
}

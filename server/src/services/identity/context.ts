import type { BrandId } from '@portal/contracts/brands';
import type { Kysely } from 'kysely';
import type { Mailer } from '../../domain/mail/mailer.ts';
import type { Config } from '../../infrastructure/config/config.ts';
import type { DB } from '../../infrastructure/db/types.ts';

/** What every operation works with: the database, the settings, the mailer and who is calling. */
export interface IdentityContext {
  db: Kysely<DB>;
  config: Config;
  mail: Mailer;
  /** The client's address, for per-address rate limits. */
  clientAddress: string;
  /** The brand of the host the call came through (BRAND_HOSTS): mail to an address no company member has. */
  hostBrand: BrandId;
  now(): Date;
}

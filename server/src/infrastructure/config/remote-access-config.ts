import { z } from 'zod';

/** Settings of the remote-access workflow and the one-time portal tokens; merged into the server config. */
export const remoteAccessConfigSchema = z.object({
  /** How long the customer's approve/deny link works. */
  REMOTE_ACCESS_LINK_HOURS: z.coerce.number().positive().default(72),
  /** How long an approved remote access lasts. */
  REMOTE_ACCESS_DURATION_HOURS: z.coerce.number().positive().default(24),
  /** The relay URL of an approved server; {deviceId} is replaced by the server's device id. */
  REMOTE_ACCESS_FRP_URL_TEMPLATE: z.string().min(1).default('https://frp-{deviceId}.relay.lumora.example'),
  /**
   * Decision 0009: approval links go to the customer's contact e-mail as it stood this many days ago, so a
   * dealer who edits the contact to its own address cannot approve its own request. 0 turns this off.
   */
  REMOTE_ACCESS_CONTACT_SETTLE_DAYS: z.coerce.number().min(0).max(365).default(7),
  /** How long a one-time user-portal token works. */
  USER_PORTAL_OTP_SECONDS: z.coerce.number().int().min(10).max(3600).default(120),
});
export type RemoteAccessConfig = z.infer<typeof remoteAccessConfigSchema>;

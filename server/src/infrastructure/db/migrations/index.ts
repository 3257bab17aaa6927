import type { Migration } from 'kysely';
import * as domain from './0001_domain.ts';
import * as identity from './0002_identity.ts';
import * as portalOneTimeTokens from './0003_portal_one_time_tokens.ts';
import * as statisticsIndexes from './0004_statistics_indexes.ts';
import * as statisticsSummaries from './0005_statistics_summaries.ts';
import * as identitySecrets from './0006_identity_secrets.ts';
import * as contactEmailHistory from './0007_contact_email_history.ts';
import * as liveDeviceHealth from './0008_live_device_health.ts';
import * as webhooks from './0009_webhooks.ts';
import * as mailNotifications from './0010_mail_notifications.ts';
import * as webhookJobs from './0011_webhook_jobs.ts';
import * as memberTimeZone from './0012_member_time_zone.ts';
import * as companyLocation from './0013_company_location.ts';
import * as identityMfa from './0014_identity_mfa.ts';
import * as identityWebauthn from './0015_identity_webauthn.ts';
import * as companySecurity from './0016_company_security.ts';
import * as auditLog from './0017_audit_log.ts';
import * as apiKeys from './0018_api_keys.ts';

/** Every migration, in order. Names sort in the order they run; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_domain': domain,
  '0002_identity': identity,
  '0003_portal_one_time_tokens': portalOneTimeTokens,
  '0004_statistics_indexes': statisticsIndexes,
  '0005_statistics_summaries': statisticsSummaries,
  '0006_identity_secrets': identitySecrets,
  '0007_contact_email_history': contactEmailHistory,
  '0008_live_device_health': liveDeviceHealth,
  '0009_webhooks': webhooks,
  '0010_mail_notifications': mailNotifications,
  '0011_webhook_jobs': webhookJobs,
  '0012_member_time_zone': memberTimeZone,
  '0013_company_location': companyLocation,
  '0014_identity_mfa': identityMfa,
  '0015_identity_webauthn': identityWebauthn,
  '0016_company_security': companySecurity,
  '0017_audit_log': auditLog,
  '0018_api_keys': apiKeys,
};

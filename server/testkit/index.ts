/**
 * The server's test kit: the one door through which e2e/, bench/ and web/scripts reach the server
 * (`@portal/server/testkit`; the boundary rule `tests-through-the-test-kit`). It names what those tools rely on,
 * so a move inside server/src changes this file, not fifty imports in the tools.
 */

// Starting a portal in this process, and its configuration.
export { buildApp } from '../src/app.ts';
// Data: the demo seed and the companies and customers tests make of their own.
export { type DemoAccountEntry, listDemoAccounts } from '../src/demo/accounts.ts';
export { startDemoMode } from '../src/demo/demo-mode.ts';
export { prepareDemo } from '../src/demo/prepare.ts';
export { emptyDomainTables } from '../src/demo/reset.ts';
export { seedDemoIfEmpty, seedingDay } from '../src/demo/seed.ts';
// Domain units the benches measure on their own (below HTTP).
export { createApiKey } from '../src/domain/api-keys/api-keys.ts';
export { sweepDueDevices } from '../src/domain/incidents/engine.ts';
export { applyReports } from '../src/domain/ingest/apply-reports.ts';
export { createIngestKey, findIngestKey, type IngestKey } from '../src/domain/ingest/ingest-keys.ts';
export type { Caller } from '../src/domain/members/caller.ts';
export { createWebhook } from '../src/domain/notifications/webhooks/repository.ts';
export { type Config, loadConfig } from '../src/infrastructure/config/config.ts';
export type { DemoSize } from '../src/infrastructure/config/demo-size.ts';
// Databases: open, migrate, empty, the generated table types.
export { configuredDatabase, type Database, openDatabase } from '../src/infrastructure/db/database.ts';
export { migrateToLatest } from '../src/infrastructure/db/migrate.ts';
export type { DB } from '../src/infrastructure/db/types.ts';
export { hitCounter } from '../src/infrastructure/rate-limits/rate-counters.ts';
export { generateAdminKeyEnv } from '../src/services/identity/admin-credentials.ts';
export { totpCode, totpStepAt } from '../src/services/identity/mfa/totp.ts';
export * as srp from '../src/services/identity/srp/srp-math.ts';
export { formatSrpTimestamp } from '../src/services/identity/srp/timestamp.ts';
// The device simulator (what the ingest benches send).
export { Behaviour } from '../src/simulator/behaviour.ts';
export { fetchPlatformDevices } from '../src/simulator/client.ts';
export { buildFleet } from '../src/simulator/fleet.ts';
export { DEMO_KEYS_FILE_NAME, type PlatformKey } from '../src/simulator/keys-file.ts';
export {
  type Customers,
  companyIdsByName,
  deleteTestCompany,
  type MadeCompany,
  type NewTestCompany,
  TEST_REGION,
  type TestAccount,
  TestCompanies,
} from './companies.ts';
export { addCustomers, deviceCount } from './customers.ts';
export { DEMO_SOURCE_DIRS, seedDemoDatabase } from './demo-database.ts';
export {
  type CreationOptionsJson,
  type RequestOptionsJson,
  SoftwarePasskey,
} from './passkey-authenticator.ts';
export { type InProcessPortal, inProcessConfig, startInProcessPortal } from './portal.ts';
export { srpClient } from './srp-client.ts';
// Tokens and sign-ins, as the identity service and the reseller service issue them.
export { dealerTokens, recordSignIn } from './tokens.ts';

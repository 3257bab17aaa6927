import { sql, type Transaction } from 'kysely';
import type { DB } from '../infrastructure/db/types.ts';
import type { DemoDataset } from './dataset.ts';

/**
 * Rows travel as one JSON parameter per batch (json_populate_recordset): one parameter instead of one per
 * value parses far faster on both engines, and the column types come from the table itself.
 */
const BATCH_ROWS = 5_000;

type Progress = (message: string) => void;

/**
 * Inserts the whole data set inside the caller's transaction, in multi-row batches, reporting progress
 * per table.
 */
export async function insertDemoData(trx: Transaction<DB>, data: DemoDataset, progress: Progress = () => {}) {
  const independent = data.devices.filter((d) => !d.service_id && !d.parent_device_id);
  const dependent = data.devices.filter((d) => d.service_id || d.parent_device_id);
  // Companies and their owners reference each other; the owner key is checked at commit.
  await sql`set constraints all deferred`.execute(trx);
  await insertRows(trx, 'regions', data.regions, progress);
  await insertRows(trx, 'companies', data.companies, progress);
  await insertRows(trx, 'users', data.users, progress);
  await insertRows(trx, 'license_catalogue', data.licenseCatalogue, progress);
  await insertRows(trx, 'license_inventory', data.licenseInventory, progress);
  await insertRows(trx, 'organizations', data.organizations, progress);
  await insertRows(trx, 'sites', data.sites, progress);
  await insertRows(trx, 'devices', independent, progress);
  await insertRows(trx, 'services', data.services, progress);
  await insertRows(trx, 'devices', dependent, progress);
  await insertRows(trx, 'licenses', data.licenses, progress);
  await insertRows(trx, 'incidents', data.incidents, progress);
  // Each incident's timeline as the engine would have written it (ids are the database's).
  // History, not news: no incident mail for it (migration 0010's trigger).
  await sql`set local portal.mail_notifications = 'off'`.execute(trx);
  await sql`insert into incident_events (incident_id, at, kind)
    select i.id, e.at, e.kind from incidents i
    cross join lateral (values (i.started_at, 'opened'), (i.resolved_at, 'resolved')) as e (at, kind)
    where e.at is not null and not exists (select 1 from incident_events x where x.incident_id = i.id)`.execute(
    trx,
  );
  await insertRows(trx, 'remote_access_requests', data.remoteAccessRequests, progress);
  await insertRows(trx, 'login_records', data.loginRecords, progress);
  await insertRows(trx, 'audit_log', data.auditLog, progress);
  // Planner statistics for the new rows at once, not at autovacuum's leisure (the dashboard's plans need them).
  await sql`analyze`.execute(trx);
}

async function insertRows(
  trx: Transaction<DB>,
  table: keyof DB & string,
  rows: readonly object[],
  progress: Progress,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(Object.keys(rows[0]!).map((column) => sql.id(column)));
  const started = Date.now();
  for (let offset = 0; offset < rows.length; offset += BATCH_ROWS) {
    const batch = JSON.stringify(rows.slice(offset, offset + BATCH_ROWS));
    await sql`insert into ${sql.table(table)} (${columns})
      select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${batch}::json)`.execute(trx);
    if (rows.length > BATCH_ROWS)
      progress(`${table}: ${Math.min(offset + BATCH_ROWS, rows.length)}/${rows.length}`);
  }
  progress(`${table}: ${rows.length} rows in ${Date.now() - started} ms`);
}

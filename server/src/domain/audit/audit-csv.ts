import type { AuditEntry } from '@portal/contracts/audit';
import Papa from 'papaparse';

const COLUMNS = [
  'id',
  'at',
  'action',
  'actor_type',
  'actor_id',
  'actor_email',
  'actor_name',
  'target_type',
  'target_id',
  'target_name',
  'organization_id',
  'organization_name',
  'address',
  'user_agent',
  'before',
  'after',
] as const;

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : '');

function row(entry: AuditEntry): string[] {
  return [
    entry.id,
    entry.at,
    entry.action,
    entry.actor.type,
    entry.actor.id ?? '',
    entry.actor.email ?? '',
    entry.actor.name ?? '',
    entry.target.type,
    entry.target.id ?? '',
    entry.target.name ?? '',
    entry.organizationId ?? '',
    entry.organizationName ?? '',
    entry.address ?? '',
    entry.userAgent ?? '',
    json(entry.before),
    json(entry.after),
  ];
}

/**
 * The export of the audit log (issue 27 item 2): one row per entry, machine-readable column names, before
 * and after as JSON. Names and user agents are other people's text, so a cell starting with = + - @ tab or
 * CR is prefixed with ' (papaparse's escapeFormulae): a spreadsheet shows it instead of running it.
 */
export function auditCsv(entries: readonly AuditEntry[]): string {
  return Papa.unparse(
    { fields: [...COLUMNS], data: entries.map(row) },
    { escapeFormulae: true, newline: '\r\n' },
  );
}

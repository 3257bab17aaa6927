import { type DeviceReport, REPORTED_STATUS_FLAGS, type ReportedStatusFlag } from '@portal/contracts/ingest';

/** A reported field: `connected`, `recording`, `firmwareUpgradeState` or a status flag. */
export type ReportedField = 'connected' | 'recording' | 'firmwareUpgradeState' | ReportedStatusFlag;

export interface FieldValue {
  value: boolean | number;
  /** ISO time of the report that set it. */
  at: string;
}

/** What a batch says of one device: per field, the value of its latest report. */
export interface DeviceUpdate {
  deviceId: string;
  fields: Partial<Record<ReportedField, FieldValue>>;
}

/** Firmware upgrade outcomes that set or clear the camera's firmware-update-failed flag. */
const FIRMWARE_FAILED = new Set([5, 12]);
const FIRMWARE_SUCCEEDED = 11;

/**
 * Folds a batch into one update per device, in report time: for each field the latest report wins, so the
 * order reports arrive in within a batch does not matter. A firmware upgrade that fails (5, 12) sets
 * `firmwareUpdatedFailed` and one that succeeds (11) clears it, unless the same report says otherwise.
 * (The database then keeps a field whose stored report is newer.)
 */
export function foldReports(reports: readonly DeviceReport[]): DeviceUpdate[] {
  const byDevice = new Map<string, DeviceUpdate>();
  const set = (
    update: DeviceUpdate,
    field: ReportedField,
    value: boolean | number,
    at: string,
    time: number,
  ) => {
    const current = update.fields[field];
    if (current && Date.parse(current.at) > time) return;
    update.fields[field] = { value, at };
  };
  for (const report of reports) {
    const time = Date.parse(report.at);
    const at = new Date(time).toISOString();
    let update = byDevice.get(report.deviceId);
    if (!update) {
      update = { deviceId: report.deviceId, fields: {} };
      byDevice.set(report.deviceId, update);
    }
    if (report.connected !== undefined) set(update, 'connected', report.connected, at, time);
    if (report.recording !== undefined) set(update, 'recording', report.recording, at, time);
    const upgrade = report.firmwareUpgradeState;
    if (upgrade !== undefined) {
      set(update, 'firmwareUpgradeState', upgrade, at, time);
      if (report.status?.firmwareUpdatedFailed === undefined) {
        if (FIRMWARE_FAILED.has(upgrade)) set(update, 'firmwareUpdatedFailed', true, at, time);
        if (upgrade === FIRMWARE_SUCCEEDED) set(update, 'firmwareUpdatedFailed', false, at, time);
      }
    }
    for (const flag of REPORTED_STATUS_FLAGS) {
      const value = report.status?.[flag];
      if (value !== undefined) set(update, flag, value, at, time);
    }
  }
  return [...byDevice.values()];
}

import type { IngestResult } from '@portal/contracts/ingest';

/** What a run has done so far, as the summary line shows it. */
export interface SimulatorTotals {
  seconds: number;
  batches: number;
  /** Reports in batches that were answered 202. */
  sent: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  /** Failed attempts (no answer, 429, 5xx, 400); a retried batch that then got through counts its failures. */
  errors: number;
  /** Reports of batches given up after every retry. */
  lost: number;
  scenarios: number;
}

export function emptyTotals(): SimulatorTotals {
  return {
    seconds: 0,
    batches: 0,
    sent: 0,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
    errors: 0,
    lost: 0,
    scenarios: 0,
  };
}

export function addResult(totals: SimulatorTotals, reports: number, result: IngestResult): void {
  totals.batches += 1;
  totals.sent += reports;
  totals.accepted += result.accepted;
  totals.duplicates += result.duplicates;
  totals.rejected += result.rejected.length;
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/** `simulate 1:05 · 6,500 reports sent (100/s) · 6,498 accepted · 0 duplicates · 2 rejected · 0 errors · 65 scenarios` */
export function summaryLine(totals: SimulatorTotals): string {
  const s = Math.max(totals.seconds, 0.001);
  const clock = `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
  return [
    `simulate ${clock}`,
    `${count(totals.sent)} reports sent (${count(totals.sent / s)}/s)`,
    `${count(totals.accepted)} accepted`,
    `${count(totals.duplicates)} duplicates`,
    `${count(totals.rejected)} rejected`,
    `${count(totals.errors)} errors${totals.lost > 0 ? ` (${count(totals.lost)} reports lost)` : ''}`,
    `${count(totals.scenarios)} scenarios`,
  ].join(' · ');
}

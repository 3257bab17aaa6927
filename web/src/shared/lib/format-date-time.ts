import { isValid, lightFormat, parseISO } from 'date-fns';

/** SPEC §9: a moment (ISO 8601 timestamp) shown as yy/mm/dd HH:mm in the viewer's time zone. */
export function formatDateTime(isoTimestamp: string | null | undefined): string {
  if (!isoTimestamp) return '—';
  const date = parseISO(isoTimestamp);
  return isValid(date) ? lightFormat(date, 'yy/MM/dd HH:mm') : isoTimestamp;
}

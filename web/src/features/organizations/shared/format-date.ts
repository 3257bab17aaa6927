/**
 * SPEC §9: dates are shown yy/mm/dd. The API sends calendar dates as 'YYYY-MM-DD'; they are reformatted as
 * text so no time zone can move them to another day. Anything else is shown as it came.
 */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '—';
  const match = /^\d{2}(\d{2})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, yy, mm, dd] = match;
  return `${yy}/${mm}/${dd}`;
}

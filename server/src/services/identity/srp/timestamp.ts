const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const FORMAT =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12]\d|3[01]) (\d\d):(\d\d):(\d\d) UTC (\d{4})$/;

/** How far the client's TIMESTAMP may be from our clock (COGNITO.md §11.2; our decision). */
export const TIMESTAMP_SKEW_MS = 5 * 60 * 1000;

/**
 * Parses Cognito's SRP TIMESTAMP, `EEE MMM d HH:mm:ss 'UTC' yyyy` with an unpadded day, checking that
 * the weekday matches the date. Undefined when the string is not in that exact form.
 */
export function parseSrpTimestamp(value: string): Date | undefined {
  const match = FORMAT.exec(value);
  if (!match) return undefined;
  const [, day, month, date, hh, mm, ss, year] = match;
  const parsed = new Date(
    Date.UTC(Number(year), MONTHS.indexOf(month!), Number(date), Number(hh), Number(mm), Number(ss)),
  );
  if (parsed.getUTCDate() !== Number(date) || DAYS[parsed.getUTCDay()] !== day) return undefined;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
  return parsed;
}

export function formatSrpTimestamp(date: Date): string {
  const pad2 = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}

import { isValid, lightFormat, parseISO } from 'date-fns';
import { useEffect, useState } from 'react';

export type DurationUnit = 'minutes' | 'hours' | 'days';

/** A length of time in the one unit the list shows it in: minutes below 1 h, hours below 2 days, days. */
export function durationOf(ms: number): { unit: DurationUnit; count: number } {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}

/** How long an incident has lasted: until it was resolved, or until `now` while it is open. */
export function incidentDuration(
  incident: { startedAt: string; resolvedAt: string | null },
  now: number,
): { unit: DurationUnit; count: number } | null {
  const start = parseISO(incident.startedAt);
  const end = incident.resolvedAt ? parseISO(incident.resolvedAt) : new Date(now);
  if (!isValid(start) || !isValid(end)) return null;
  return durationOf(end.getTime() - start.getTime());
}

/** SPEC §9 'HH:mm:ss in some places': the timeline's events, yy/mm/dd HH:mm:ss. */
export function formatEventTime(isoTimestamp: string): string {
  const date = parseISO(isoTimestamp);
  return isValid(date) ? lightFormat(date, 'yy/MM/dd HH:mm:ss') : isoTimestamp;
}

/** The current time, renewed every `intervalMs`, so "for 2 h" keeps counting on an open page. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

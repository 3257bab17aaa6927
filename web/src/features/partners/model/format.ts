import { useTranslation } from 'react-i18next';
import { relativeTimeFormat } from '@/shared/i18n/intl-formats.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago a moment was, in its largest whole unit ('3 days ago', '3 天前'); '—' without one. */
export function relativeTime(iso: string | null, now: number, language: string): string {
  if (!iso) return '—';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '—';
  const elapsed = Math.max(0, now - at);
  const format = relativeTimeFormat(language);
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return format.format(-Math.floor(elapsed / ms), unit);
  }
  return format.format(0, 'minute');
}

export function useRelativeTime(now: number): (iso: string | null) => string {
  const { i18n } = useTranslation();
  return (iso) => relativeTime(iso, now, i18n.language);
}

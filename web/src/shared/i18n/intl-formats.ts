/*
 * Intl formatters, one per language, kept for the page's life: building one costs a phone's CPU about a
 * millisecond, and a list asked for one per row, figure or cell (issue 24, blocking time).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** Numbers grouped the way `language` writes them (1,234). */
export function numberFormat(language: string): Intl.NumberFormat {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format;
}

/** '3 days ago', 'yesterday', '3 天前' in `language`. */
export function relativeTimeFormat(language: string): Intl.RelativeTimeFormat {
  let format = relativeTimeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relativeTimeFormats.set(language, format);
  }
  return format;
}

import type { TFunction } from 'i18next';

/**
 * The line above the list: '50 of 1,234 incidents' while more pages remain, '12 incidents' once all are
 * shown. `total` is the server's count for the filters (first page); without it, what was loaded.
 */
export function incidentCountText(
  t: TFunction,
  format: (value: number) => string,
  shown: number,
  total: number | null,
  more: boolean,
): string {
  if (total === null) return t(more ? 'incidents.countMore' : 'incidents.count', { count: shown });
  // Live changes can move the total between the first page and the next: never say "60 of 50".
  const all = Math.max(total, shown);
  if (shown >= all) return t('incidents.total', { count: all, total: format(all) });
  return t('incidents.shownOfTotal', { count: all, shown: format(shown), total: format(all) });
}

/**
 * A region's name in the user's language. Regions are data (the `regions` table); the ones the portal
 * knows are translated by id (`regions.<id>` in shared/i18n/locales), any other shows its stored name.
 */
export function regionName(
  t: (key: string, options?: Record<string, unknown>) => string,
  region: { id: string; name: string },
): string {
  // An id with a key separator cannot be a translation key.
  if (!/^[\w-]+$/.test(region.id)) return region.name;
  return t(`regions.${region.id}`, { defaultValue: region.name });
}

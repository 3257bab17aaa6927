import { ALERT_CATALOGUE, ALERT_TYPES, type AlertCategory } from '@portal/contracts/devices';
import { describe, expect, it } from 'vitest';
import { TRANSLATIONS, type Tree } from '@/shared/i18n/resources.ts';

function label(tree: Tree, path: string[]): string | undefined {
  let node: Tree | string | undefined = tree;
  for (const key of path) node = typeof node === 'object' ? node[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

const entries = (Object.keys(ALERT_CATALOGUE) as AlertCategory[]).flatMap((category) =>
  ALERT_CATALOGUE[category].map((type): [AlertCategory, string] => [category, type]),
);

describe('alert catalogue (SPEC §4 catalog alert wording)', () => {
  it.each(['en', 'zh-TW'] as const)('has a %s label for every catalogue entry', (language) => {
    for (const [category, type] of entries) {
      expect(
        label(TRANSLATIONS[language], ['dashboard', 'alerts', category, type]),
        `${category}.${type}`,
      ).toBeTruthy();
    }
  });

  it('words disk full, NVR PoE error, non-storage backup and storage backup', () => {
    const english = entries.map(([category, type]) =>
      label(TRANSLATIONS.en, ['dashboard', 'alerts', category, type]),
    );
    expect(english).toEqual(
      expect.arrayContaining(['Disk full', 'NVR PoE error', 'Non-storage backup', 'Storage backup']),
    );
  });

  it('holds every alert type the incidents count', () => {
    for (const category of Object.keys(ALERT_TYPES) as AlertCategory[]) {
      expect(ALERT_CATALOGUE[category]).toEqual(expect.arrayContaining([...ALERT_TYPES[category]]));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { TRANSLATIONS, type Tree } from './resources.ts';

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[0]).sort();

describe('locales', () => {
  const english = flatten(TRANSLATIONS.en);
  const chinese = flatten(TRANSLATIONS['zh-TW']);

  it('zh-TW has exactly the keys of en', () => {
    expect([...chinese.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('no translation is empty', () => {
    for (const [key, value] of [...english, ...chinese]) expect(value.trim(), key).not.toBe('');
  });

  it('both locales use the same interpolation placeholders and markup tags', () => {
    for (const [key, value] of english) {
      expect(placeholders(chinese.get(key) ?? ''), key).toEqual(placeholders(value));
    }
  });
});

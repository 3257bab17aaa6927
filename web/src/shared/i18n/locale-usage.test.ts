import { describe, expect, it } from 'vitest';
import { TRANSLATIONS, type Tree } from './resources.ts';

// Every source file of the app, and the pre-rendered sign-in page's (tests excluded: a key only a test names
// is still dead).
const sources = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '/prerender/**/*.ts', '!/src/**/*.test.{ts,tsx}'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : keysOf(value, path);
  });
}

const code = Object.values(sources).join('\n');
/** Keys written out whole: 'customers.list.search', "routes.login". */
const literals = new Set([...code.matchAll(/['"`]([\w.-]+)['"`]/g)].map((match) => match[1]));
/** Keys built at run time: t(`dashboard.alerts.${type}`) keeps every key under `dashboard.alerts.`. */
const dynamicPrefixes = [...new Set([...code.matchAll(/`([\w.-]*\.)\$\{/g)].map((match) => match[1]!))];
const withoutPluralSuffix = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('locale keys', () => {
  it('every key is used by the app (written out, or under a prefix the code completes at run time)', () => {
    const unused = keysOf(TRANSLATIONS.en).filter(
      (key) =>
        !literals.has(key) &&
        !literals.has(withoutPluralSuffix(key)) &&
        !dynamicPrefixes.some((prefix) => key.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });
});

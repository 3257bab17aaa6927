import { describe, expect, it } from 'vitest';
import { TRANSLATIONS, type Tree } from './resources.ts';

function* strings(tree: Tree, prefix = ''): Generator<[string, string]> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') yield [path, value];
    else yield* strings(value, path);
  }
}

const CJK = /[\u3400-\u9fff]/;
/** What may keep its half-width marks: placeholders, markup, URLs, S.M.A.R.T. and 24-hour times such as 22:00 or HH:mm. */
const EXEMPT = /S\.M\.A\.R\.T\.|{{[^}]*}}|<[^>]*>|\w+:\/\/\S*|\b(?:\d{1,2}|HH):(?:\d{2}|mm)\b/g;
const HALF_WIDTH = /[,:;!?()]|\.(?:\s|$)/;

/**
 * Issue 23 point 14: Traditional Chinese text uses full-width punctuation （，：；！？（）。）, not the ASCII
 * marks of the English it was translated from. Strings without Chinese (a product name, 'SD') are left alone.
 */
describe('zh-TW punctuation', () => {
  it('every Chinese string uses full-width punctuation', () => {
    const offenders = [...strings(TRANSLATIONS['zh-TW'])]
      .filter(([, text]) => CJK.test(text) && HALF_WIDTH.test(text.replace(EXEMPT, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
  });
});

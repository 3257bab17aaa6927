import { describe, expect, it } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './languages.ts';

const storage = (value: string | null) => ({
  getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null),
});

describe('language detection', () => {
  it('prefers the stored choice', () => {
    expect(detectLanguage(storage('zh-TW'), ['en-US'])).toBe('zh-TW');
  });

  it("ignores a stored value that is not a supported language and uses the browser's", () => {
    expect(detectLanguage(storage('fr'), ['zh-Hant-TW', 'en'])).toBe('zh-TW');
  });

  it('maps Traditional Chinese regions and scripts to zh-TW, not Simplified Chinese', () => {
    expect(detectLanguage(storage(null), ['zh-HK'])).toBe('zh-TW');
    expect(detectLanguage(storage(null), ['zh-CN', 'en-GB'])).toBe('en');
  });

  it('falls back to English', () => {
    expect(detectLanguage(undefined, ['de-DE'])).toBe('en');
    expect(detectLanguage(storage(null), [])).toBe('en');
  });
});

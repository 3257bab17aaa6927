export const LANGUAGES = ['en', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_STORAGE_KEY = 'partner-portal.language';

/** Each language's own name, so a reader finds theirs whatever the current language is. */
export const LANGUAGE_NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-TW': '繁體中文',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language i18next resolved to, or the default one before it has. */
export function supportedLanguage(resolved: string | undefined): Language {
  return isLanguage(resolved) ? resolved : DEFAULT_LANGUAGE;
}

/** Maps a BCP 47 tag from the browser to a supported language; Traditional Chinese regions and scripts only. */
export function languageFromTag(tag: string): Language | undefined {
  const lower = tag.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (/^zh-(tw|hk|mo|hant)(\b|-|$)/.test(lower)) return 'zh-TW';
  return undefined;
}

/** Stored choice first, then the browser's preferred languages, then English. */
export function detectLanguage(
  storage: Pick<Storage, 'getItem'> | undefined,
  browserTags: readonly string[],
) {
  const stored = readStored(storage);
  if (stored) return stored;
  for (const tag of browserTags) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function readStored(storage: Pick<Storage, 'getItem'> | undefined): Language | undefined {
  try {
    const value = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CORE_TRANSLATIONS } from './core-resources.ts';
import {
  DEFAULT_LANGUAGE,
  detectLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  supportedLanguage,
} from './languages.ts';
import type { Tree } from './tree.ts';

export const i18n = i18next.createInstance();

export async function initI18n(language?: Language): Promise<void> {
  const initial = language ?? detectLanguage(safeLocalStorage(), navigator.languages ?? [navigator.language]);
  await i18n.use(initReactI18next).init({
    resources: {
      en: { translation: CORE_TRANSLATIONS.en },
      'zh-TW': { translation: CORE_TRANSLATIONS['zh-TW'] },
    },
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
  });
  syncDocumentLanguage(initial);
  i18n.on('languageChanged', syncDocumentLanguage);
  // Unit tests render feature components without the signed-in layouts that load these.
  if (import.meta.env.MODE === 'test') await Promise.all(LANGUAGES.map(loadPageTranslations));
}

/** The signed-in pages' strings, a chunk per language (`page-resources.<language>.ts`). */
const PAGE_TRANSLATION_CHUNKS: Record<Language, () => Promise<{ PAGE_TRANSLATION: Tree }>> = {
  en: () => import('./page-resources.en.ts'),
  'zh-TW': () => import('./page-resources.zh-TW.ts'),
};
const pageTranslations = new Map<Language, Promise<void>>();

/**
 * Adds the signed-in pages' strings in `language`, the current one unless told: one language's (~9 KB gzip),
 * not both (issue 24: a page's initial JavaScript). The signed-in layouts load them
 * (`app/layouts/signed-in-layouts.ts`), so no signed-in page renders before they are there; `changeLanguage`
 * loads the next language's before it switches.
 */
export function loadPageTranslations(
  language: Language = supportedLanguage(i18n.resolvedLanguage),
): Promise<void> {
  let loading = pageTranslations.get(language);
  if (!loading) {
    loading = PAGE_TRANSLATION_CHUNKS[language]().then(
      ({ PAGE_TRANSLATION }) => {
        i18n.addResourceBundle(language, 'translation', PAGE_TRANSLATION, true, false);
      },
      (error: unknown) => {
        pageTranslations.delete(language); // tried again next time
        throw error;
      },
    );
    pageTranslations.set(language, loading);
  }
  return loading;
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be full or blocked; the choice then lasts for this visit only.
  }
  // Once a signed-in page has shown, its strings in the new language come first: no key shows meanwhile.
  if (pageTranslations.size > 0) await loadPageTranslations(language);
  await i18n.changeLanguage(language);
}

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

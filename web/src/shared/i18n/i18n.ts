import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CORE_TRANSLATIONS } from './core-resources.ts';
import {
  DEFAULT_LANGUAGE,
  detectLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from './languages.ts';

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
  if (import.meta.env.MODE === 'test') await loadPageTranslations();
}

let pageTranslations: Promise<void> | undefined;

/**
 * Adds the signed-in pages' strings (`page-resources.ts`, its own chunk) in every language. The signed-in
 * layouts load it (`app/layouts/signed-in-layouts.ts`), so no signed-in page renders before it is there.
 */
export function loadPageTranslations(): Promise<void> {
  pageTranslations ??= import('./page-resources.ts').then(
    ({ PAGE_TRANSLATIONS }) => {
      for (const [language, tree] of Object.entries(PAGE_TRANSLATIONS)) {
        i18n.addResourceBundle(language, 'translation', tree, true, false);
      }
    },
    (error: unknown) => {
      pageTranslations = undefined;
      throw error;
    },
  );
  return pageTranslations;
}

export async function changeLanguage(language: Language): Promise<void> {
  try {
    safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be full or blocked; the choice then lasts for this visit only.
  }
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

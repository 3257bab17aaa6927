import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  detectLanguage,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
} from './languages.ts';
import { TRANSLATIONS } from './resources.ts';

export const i18n = i18next.createInstance();

export async function initI18n(language?: Language): Promise<void> {
  const initial = language ?? detectLanguage(safeLocalStorage(), navigator.languages ?? [navigator.language]);
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: TRANSLATIONS.en }, 'zh-TW': { translation: TRANSLATIONS['zh-TW'] } },
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
  });
  syncDocumentLanguage(initial);
  i18n.on('languageChanged', syncDocumentLanguage);
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

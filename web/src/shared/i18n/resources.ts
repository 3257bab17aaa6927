import { CORE_TRANSLATIONS } from './core-resources.ts';
import type { Language } from './languages.ts';
import { PAGE_TRANSLATION as PAGE_EN } from './page-resources.en.ts';
import { PAGE_TRANSLATION as PAGE_ZH_TW } from './page-resources.zh-TW.ts';
import { mergeFiles, type Tree } from './tree.ts';

export type { Tree } from './tree.ts';

/**
 * Every string of the app, per language (tests and tools). The app itself loads `core-resources.ts` at
 * start and `page-resources.<language>.ts` with the signed-in layouts (i18n.ts); a key both define throws here.
 */
export const TRANSLATIONS: Record<Language, Tree> = {
  en: mergeFiles({ 'pages/en.json': PAGE_EN }, 'en', CORE_TRANSLATIONS.en),
  'zh-TW': mergeFiles({ 'pages/zh-TW.json': PAGE_ZH_TW }, 'zh-TW', CORE_TRANSLATIONS['zh-TW']),
};

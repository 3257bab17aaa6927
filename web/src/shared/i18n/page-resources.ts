import type { Language } from './languages.ts';
import { mergeFiles, type Tree } from './tree.ts';

/**
 * The strings of the signed-in pages' features (company, dashboard, incidents, customers): the larger part of the
 * translations, which public pages such as /login never show. `loadPageTranslations` (i18n.ts) loads
 * this module with the signed-in layouts; both languages come together, so switching needs no load.
 */
const files = import.meta.glob<Tree>(
  '../../features/{company,company/activity,dashboard,incidents,notifications,organizations,profile}/locales/*.json',
  {
    eager: true,
    import: 'default',
  },
);

export const PAGE_TRANSLATIONS: Record<Language, Tree> = {
  en: mergeFiles(files, 'en'),
  'zh-TW': mergeFiles(files, 'zh-TW'),
};

import { mergeFiles, type Tree } from './tree.ts';

/**
 * The signed-in pages' strings in en: the larger part of the translations, which public pages such as /login
 * never show. `loadPageTranslations` (i18n.ts) loads the current language's with the signed-in layouts, and
 * another language's before switching to it. The glob is literal (Vite's rule), as in the other language's file.
 */
export const PAGE_TRANSLATION: Tree = mergeFiles(
  import.meta.glob<Tree>(
    '../../features/{company,company/activity,dashboard,incidents,notifications,organizations,partners,profile}/locales/en.json',
    { eager: true, import: 'default' },
  ),
  'en',
);

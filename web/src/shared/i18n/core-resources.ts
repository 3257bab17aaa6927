import type { Language } from './languages.ts';
import en from './locales/en.json';
import zhTW from './locales/zh-TW.json';
import { mergeFiles, type Tree } from './tree.ts';

/**
 * The strings every page may show, loaded with the app: the shell's (./locales), the shared components'
 * and every feature's except the signed-in pages' ones in `page-resources.<language>.ts`. Each feature keeps its
 * strings in `features/<name>/locales/<lang>.json` under one top-level key of its own.
 */
const files = import.meta.glob<Tree>(
  [
    '../../features/*/locales/*.json',
    '../ui/locales/*.json',
    '!../../features/{company,dashboard,incidents,notifications,organizations,partners,profile}/locales/*.json',
  ],
  { eager: true, import: 'default' },
);

export const CORE_TRANSLATIONS: Record<Language, Tree> = {
  en: mergeFiles(files, 'en', en),
  'zh-TW': mergeFiles(files, 'zh-TW', zhTW),
};

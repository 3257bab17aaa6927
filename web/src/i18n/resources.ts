import type { Language } from './languages.ts';
import en from './locales/en.json';
import zhTW from './locales/zh-TW.json';

export type Tree = { [key: string]: string | Tree };

/**
 * Shell strings live in ./locales; each feature keeps its own in `features/<name>/locales/<lang>.json`
 * under one top-level key of its own, so features never edit the same file; the shared components keep
 * theirs in `components/locales/<lang>.json` under `components`. All are merged here.
 */
const featureFiles = import.meta.glob<Tree>(
  ['../features/*/locales/*.json', '../components/locales/*.json'],
  {
    eager: true,
    import: 'default',
  },
);

function featureTree(language: Language): Tree {
  const merged: Tree = {};
  for (const [path, tree] of Object.entries(featureFiles)) {
    if (!path.endsWith(`/${language}.json`)) continue;
    for (const [key, value] of Object.entries(tree)) {
      if (key in merged) throw new Error(`Translation key "${key}" is defined twice (${path})`);
      merged[key] = value;
    }
  }
  return merged;
}

function merge(shell: Tree, features: Tree): Tree {
  for (const key of Object.keys(features)) {
    if (key in shell) throw new Error(`Translation key "${key}" is defined by the shell and a feature`);
  }
  return { ...shell, ...features };
}

export const TRANSLATIONS: Record<Language, Tree> = {
  en: merge(en, featureTree('en')),
  'zh-TW': merge(zhTW, featureTree('zh-TW')),
};

import type { Language } from './languages.ts';

export type Tree = { [key: string]: string | Tree };

/** Merges locale files of one language, each under its own top-level keys; a key defined twice throws. */
export function mergeFiles(files: Record<string, Tree>, language: Language, into: Tree = {}): Tree {
  const merged: Tree = { ...into };
  for (const [path, tree] of Object.entries(files)) {
    if (!path.endsWith(`/${language}.json`)) continue;
    for (const [key, value] of Object.entries(tree)) {
      if (key in merged) throw new Error(`Translation key "${key}" is defined twice (${path})`);
      merged[key] = value;
    }
  }
  return merged;
}

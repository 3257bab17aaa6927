import createCache, { type EmotionCache } from '@emotion/cache';
import {
  MAX_STORED_CHARS,
  readStoredStyles,
  STYLE_CACHE_KEY,
  STYLES_STORAGE_KEY,
  type StoredStyle,
  safeLocalStorage,
} from './persisted-styles.ts';

const SAVE_DELAY_MS = 3000;

/**
 * Emotion's cache for the app, recording the rules it builds and saving them (with those already kept) to
 * localStorage a few seconds after the last one, when the browser is idle (persisted-styles.ts says why).
 * Create it after `restoreStyles`: it takes the restored rules as inserted.
 */
export function createPersistedStyleCache(storage: Storage | undefined = safeLocalStorage()): EmotionCache {
  const cache = createCache({ key: STYLE_CACHE_KEY });
  const kept = new Map<string, string>(readStoredStyles(storage));
  const built = new Map<string, string>();
  let saveTimer: ReturnType<typeof setTimeout> | undefined;

  const save = () => {
    saveTimer = undefined;
    const all: StoredStyle[] = [...kept, ...built];
    const size = all.reduce((sum, [name, css]) => sum + name.length + css.length, 0);
    // Full: start over from this visit's rules.
    const entries = size > MAX_STORED_CHARS ? [...built] : all;
    try {
      storage?.setItem(STYLES_STORAGE_KEY, JSON.stringify({ v: 1, entries }));
    } catch {
      // Storage full or blocked: the next visit builds its rules again.
    }
  };
  const scheduleSave = () => {
    if (!storage || saveTimer !== undefined) return;
    saveTimer = setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(save, { timeout: SAVE_DELAY_MS });
      else save();
    }, SAVE_DELAY_MS);
  };

  // The rules of one insert, as the sheet receives them.
  let rules: string[] | undefined;
  const sheetInsert = cache.sheet.insert.bind(cache.sheet);
  cache.sheet.insert = (rule: string) => {
    rules?.push(rule);
    sheetInsert(rule);
  };
  const insert = cache.insert;
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    // Global styles (their own sheet, not cached by name) are left as they are.
    if (!shouldCache || sheet !== cache.sheet) return insert(selector, serialized, sheet, shouldCache);
    rules = [];
    try {
      return insert(selector, serialized, sheet, shouldCache);
    } finally {
      built.set(serialized.name, rules.join(''));
      kept.delete(serialized.name);
      rules = undefined;
      scheduleSave();
    }
  };
  return cache;
}

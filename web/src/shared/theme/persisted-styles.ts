/**
 * The app's CSS rules kept between visits. Emotion builds each style rule in the browser the first time a
 * component renders with it (serialised, run through stylis, inserted into the style sheet): on a phone,
 * ~70 ms of every page's first commit. The rules a visit built are kept in localStorage
 * (persisted-style-cache.ts) and, on the next start, put back as one style sheet before emotion's cache
 * exists: the cache takes them as already inserted (emotion's server-rendering hydration) and builds only
 * what is new. A rule's name is the hash of its content, so a kept rule is never stale; a new build's rules
 * come on top of the old ones, and the store starts over from the current visit once it is full.
 *
 * No emotion here: this runs in the entry, before any library loads.
 */

/** Emotion's cache key: the class names are `pp-<hash>`. */
export const STYLE_CACHE_KEY = 'pp';
export const STYLES_STORAGE_KEY = 'partner-portal.styles';
/** About 1 MB of localStorage (UTF-16): a few visits' worth of every screen's rules. */
export const MAX_STORED_CHARS = 500_000;

/** A rule set: its name (the hash emotion gives it) and its CSS. */
export type StoredStyle = readonly [name: string, css: string];

export function readStoredStyles(storage: Pick<Storage, 'getItem'> | undefined): StoredStyle[] {
  try {
    const stored = JSON.parse(storage?.getItem(STYLES_STORAGE_KEY) ?? 'null') as {
      v?: number;
      entries?: unknown;
    };
    if (stored?.v !== 1 || !Array.isArray(stored.entries)) return [];
    return stored.entries.filter(
      (entry): entry is StoredStyle =>
        Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * Puts the kept rules back into the document as the style element emotion's cache hydrates from (its
 * `data-emotion` lists the names). Call before the cache is created. Returns what it put back.
 */
export function restoreStyles(
  storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage(),
  target: Document = document,
): StoredStyle[] {
  const entries = readStoredStyles(storage);
  if (entries.length === 0) return entries;
  const style = target.createElement('style');
  style.setAttribute('data-emotion', [STYLE_CACHE_KEY, ...entries.map(([name]) => name)].join(' '));
  style.textContent = entries.map(([, css]) => css).join('');
  target.head.appendChild(style);
  return entries;
}

export function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

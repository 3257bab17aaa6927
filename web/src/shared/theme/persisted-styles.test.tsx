import { CacheProvider } from '@emotion/react';
import styled from '@emotion/styled';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPersistedStyleCache } from './persisted-style-cache.ts';
import { restoreStyles, STYLES_STORAGE_KEY, type StoredStyle } from './persisted-styles.ts';

const Panel = styled.div({ color: 'rgb(1, 2, 3)', padding: 7 });

/** What is kept in storage, after the save's delay has passed. */
function saved(): StoredStyle[] {
  vi.advanceTimersByTime(10_000);
  return (
    (JSON.parse(localStorage.getItem(STYLES_STORAGE_KEY) ?? '{}') as { entries?: StoredStyle[] }).entries ??
    []
  );
}

/** Renders the panel with a fresh cache, as a new visit would (restore first, then the cache). */
function visit() {
  restoreStyles();
  const cache = createPersistedStyleCache();
  const inserted = vi.spyOn(cache.sheet, 'insert');
  render(
    <CacheProvider value={cache}>
      <Panel>panel</Panel>
    </CacheProvider>,
  );
  return { inserted };
}

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom has no requestIdleCallback: the save runs straight after its delay.
  localStorage.clear();
  for (const style of document.head.querySelectorAll('style')) style.remove();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('persisted styles', () => {
  it('keeps the rules a visit built, and the next visit takes them from storage instead of building them', () => {
    const first = visit();
    expect(first.inserted).toHaveBeenCalled();
    const entries = saved();
    expect(entries.some(([, css]) => css.includes('color:rgb(1, 2, 3)'))).toBe(true);

    document.body.innerHTML = '';
    for (const style of document.head.querySelectorAll('style')) style.remove();
    const second = visit();
    expect(second.inserted).not.toHaveBeenCalled();
    // The restored sheet styles the panel: its class is among the restored rules.
    const className = screen.getByText('panel').className;
    const restored = document.head.querySelector('style[data-emotion^="pp "]');
    expect(restored?.textContent).toContain(`.${className}{`);
  });

  it('starts from nothing when what is stored is not its format', () => {
    localStorage.setItem(STYLES_STORAGE_KEY, '{"v":0,"entries":"nonsense"}');
    expect(restoreStyles()).toEqual([]);
    expect(document.head.querySelector('style[data-emotion]')).toBeNull();
    const { inserted } = visit();
    expect(inserted).toHaveBeenCalled();
  });
});

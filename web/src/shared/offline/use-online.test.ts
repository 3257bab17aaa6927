import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/shared/lib/query-client.ts';
import { startFromBrowserOnlineState } from './use-online.ts';

afterEach(() => onlineManager.setOnline(true));

describe('online state at start-up (issue 24 point 7)', () => {
  it('a page loaded offline starts offline, so its queries wait instead of failing', () => {
    // A mounted query client listens to the window's events.
    const unsubscribe = onlineManager.subscribe(() => undefined);
    startFromBrowserOnlineState({ onLine: false });
    expect(onlineManager.isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(onlineManager.isOnline()).toBe(true);
    unsubscribe();
  });

  it('the query client takes the browser state when it is created', () => {
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    try {
      createQueryClient(() => undefined);
      expect(onlineManager.isOnline()).toBe(false);
    } finally {
      if (original) Object.defineProperty(Navigator.prototype, 'onLine', original);
    }
  });
});

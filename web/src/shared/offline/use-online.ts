import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (notify: () => void) => onlineManager.subscribe(notify);
const isOnline = () => onlineManager.isOnline();

/**
 * Whether the browser has a network (TanStack Query's online manager: the window's online/offline events).
 * While it is false, queries pause instead of failing, so what a screen shows stays on it.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}

/**
 * TanStack Query starts online and then follows the window's online/offline events only: a page loaded while
 * offline (from the service worker) would try every request and fail instead of waiting. Call at start-up.
 */
export function startFromBrowserOnlineState(
  browser: Pick<Navigator, 'onLine'> | undefined = globalThis.navigator,
) {
  if (browser?.onLine === false) onlineManager.setOnline(false);
}

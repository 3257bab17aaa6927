import { useSyncExternalStore } from 'react';

/**
 * Whether the signed-in lockout advice is showing. The change-password dialog closes itself and raises
 * the advice here, so the advice outlives whatever dialog opened the change-password dialog.
 */
let open = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  open = value;
  for (const listener of listeners) listener();
}

export const lockoutAdvice = {
  show: () => set(true),
  hide: () => set(false),
};

export function useLockoutAdviceOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open,
  );
}

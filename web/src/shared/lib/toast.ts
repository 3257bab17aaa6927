import type { SnackbarKey } from 'notistack';

export const TOAST_TYPES = ['success', 'error', 'info', 'warning'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** SPEC §2 / §9: toasts last 3000 ms by default and queue one after another. */
export const TOAST_DURATION_MS = 3000;
export const TOASTS_SHOWN_AT_ONCE = 1;

export interface ToastOptions {
  duration?: number;
}

export interface ToastRequest {
  key: SnackbarKey;
  type: ToastType;
  message: string;
  duration: number;
}

/** What shows toasts: the app's toaster (app/Toaster.tsx, notistack) once it is mounted. */
export interface ToastOutlet {
  show(request: ToastRequest): void;
  dismiss(key?: SnackbarKey): void;
}

/*
 * notistack (8 KB gzip) loads with the first toast, not with every page (issue 24: a page's initial
 * JavaScript). Until the toaster is mounted, toasts wait here in order; ToastProvider mounts it when one is
 * asked for.
 */
let outlet: ToastOutlet | undefined;
let waiting: ToastRequest[] = [];
let lastKey = 0;
const toasterWanted = new Set<() => void>();

/** ToastProvider: called back when the first toast is asked for, so that it mounts the toaster. */
export function onToasterWanted(listener: () => void): () => void {
  toasterWanted.add(listener);
  if (waiting.length > 0) listener();
  return () => toasterWanted.delete(listener);
}

/** The toaster, once mounted: shows what waited, then every toast; the returned function disconnects it. */
export function connectToaster(toaster: ToastOutlet): () => void {
  outlet = toaster;
  const shown = waiting;
  waiting = [];
  for (const request of shown) toaster.show(request);
  return () => {
    if (outlet === toaster) outlet = undefined;
  };
}

function show(type: ToastType, message: string, options: ToastOptions = {}): SnackbarKey {
  lastKey += 1;
  const request = { key: lastKey, type, message, duration: options.duration ?? TOAST_DURATION_MS };
  if (outlet) {
    outlet.show(request);
  } else {
    waiting.push(request);
    for (const listener of toasterWanted) listener();
  }
  return request.key;
}

function dismiss(key?: SnackbarKey): void {
  if (outlet) outlet.dismiss(key);
  else waiting = key === undefined ? [] : waiting.filter((request) => request.key !== key);
}

/**
 * Works inside and outside React (loaders, API helpers, global error handlers); shown once the app's
 * ToastProvider has mounted its toaster. Messages are already translated text.
 */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss,
};

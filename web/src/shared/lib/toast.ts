import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';

export const TOAST_TYPES = ['success', 'error', 'info', 'warning'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** SPEC §2 / §9: toasts last 3000 ms by default and queue one after another. */
export const TOAST_DURATION_MS = 3000;
export const TOASTS_SHOWN_AT_ONCE = 1;

export interface ToastOptions {
  duration?: number;
}

function show(type: ToastType, message: string, options: ToastOptions = {}): SnackbarKey {
  return enqueueSnackbar(message, { variant: type, autoHideDuration: options.duration ?? TOAST_DURATION_MS });
}

/**
 * Works inside and outside React (loaders, API helpers, global error handlers) once the app's
 * ToastProvider is mounted. Messages are already translated text.
 */
export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  warning: (message: string, options?: ToastOptions) => show('warning', message, options),
  dismiss: (key?: SnackbarKey) => closeSnackbar(key),
};

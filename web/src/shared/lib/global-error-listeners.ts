import { reportError } from './report-error.ts';

/** Toasts errors nobody caught: thrown in event handlers or rejected promises without a handler. */
export function installGlobalErrorListeners(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    // Resource load failures (img, script tags) carry no error object and no message worth showing.
    if (event.error === undefined && !event.message) return;
    reportError(event.error ?? event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

import { reportError } from './report-error.ts';

/**
 * The browser's notice that a ResizeObserver's callback changed sizes it had still to report (a virtualised
 * list measuring its rows resizes the page, which another observer watches): those are reported at the next
 * frame. Nothing failed; the spec reports it as an error event all the same.
 */
const RESIZE_OBSERVER_LOOP = /^ResizeObserver loop/;

/** Toasts errors nobody caught: thrown in event handlers or rejected promises without a handler. */
export function installGlobalErrorListeners(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    // Resource load failures (img, script tags) carry no error object and no message worth showing.
    if (event.error === undefined && !event.message) return;
    if (!event.error && RESIZE_OBSERVER_LOOP.test(event.message)) return;
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

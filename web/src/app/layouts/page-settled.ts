/** How long the browser may keep the idle moment after the page's load waiting, at most. */
export const SETTLE_IDLE_TIMEOUT_MS = 2_000;

export interface PageSettledDeps {
  document: Pick<Document, 'readyState'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
    cancelIdleCallback?: (handle: number) => void;
  };
}

/**
 * Calls `callback` once the page has loaded (its `load` event) and the browser then has an idle moment
 * (`requestIdleCallback`, at most SETTLE_IDLE_TIMEOUT_MS later; a zero timeout where it does not exist).
 * For work that must not delay the first screen, such as opening the live change stream (issue 24).
 * Returns a function that cancels it.
 */
export function whenPageSettled(
  callback: () => void,
  deps: PageSettledDeps = { document, window },
): () => void {
  const { window: win } = deps;
  let cancelIdle = () => {};
  const onIdle = () => {
    if (win.requestIdleCallback && win.cancelIdleCallback) {
      const cancel = win.cancelIdleCallback;
      const handle = win.requestIdleCallback(callback, { timeout: SETTLE_IDLE_TIMEOUT_MS });
      cancelIdle = () => cancel(handle);
    } else {
      const handle = setTimeout(callback, 0);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (deps.document.readyState === 'complete') {
    onIdle();
    return () => cancelIdle();
  }
  win.addEventListener('load', onIdle, { once: true });
  return () => {
    win.removeEventListener('load', onIdle);
    cancelIdle();
  };
}

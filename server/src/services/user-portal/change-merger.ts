import { type CompanyChange, mergeChanges } from '../../edge/change-hub.ts';

/**
 * Merges a stream's changes over a window: the first change starts it, and when it ends everything that
 * came meanwhile is sent as one (kinds and customers joined; null, "any customer", wins).
 */
export function createChangeMerger(windowMs: number, send: (change: CompanyChange) => void) {
  let pending: CompanyChange | undefined;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (!pending) return;
    const change = pending;
    pending = undefined;
    send(change);
  };
  return {
    add(change: CompanyChange) {
      pending = pending ? mergeChanges(pending, change) : change;
      timer ??= setTimeout(flush, windowMs);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}

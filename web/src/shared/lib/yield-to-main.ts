/**
 * Resolves in a later task, so that the browser can handle input and paint in between (a phone's CPU would
 * otherwise stay blocked across the work before and after). `scheduler.yield()` where there is one: it
 * resumes ahead of other queued tasks.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n.ts';
import { installGlobalErrorListeners } from './global-error-listeners.ts';
import { toast } from './toast.ts';

await initI18n('en');

describe('errors nobody caught', () => {
  const uninstall = installGlobalErrorListeners(window);
  afterEach(() => vi.restoreAllMocks());

  it('are shown as an error toast with their message', () => {
    const shown = vi.spyOn(toast, 'error').mockReturnValue('key');
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error('Failed to save.'), message: 'Failed to save.' }),
    );
    expect(shown).toHaveBeenCalledWith('Failed to save.');
  });

  it("leave out the browser's ResizeObserver loop notice: nothing failed", () => {
    const shown = vi.spyOn(toast, 'error').mockReturnValue('key');
    for (const message of [
      'ResizeObserver loop completed with undelivered notifications.',
      'ResizeObserver loop limit exceeded',
    ])
      window.dispatchEvent(new ErrorEvent('error', { message }));
    expect(shown).not.toHaveBeenCalled();
    uninstall();
  });
});

import { afterEach, beforeEach, vi } from 'vitest';
import { toast } from '@/shared/lib/toast.ts';

/**
 * For every test of the calling file: `toast.success` and `toast.error` are spies that show nothing, so a test
 * reads what the user was told; they are restored after each test with every other mock.
 */
export function spyOnToasts(): void {
  beforeEach(() => {
    vi.spyOn(toast, 'success').mockReturnValue('');
    vi.spyOn(toast, 'error').mockReturnValue('');
  });
  afterEach(() => vi.restoreAllMocks());
}

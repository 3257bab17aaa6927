import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { twoStepFailureKeys } from './two-step-failure.ts';
import { useOneTimeCodeForm } from './use-one-time-code-form.ts';

const submitEvent = () =>
  ({ preventDefault: vi.fn() }) as unknown as FormEvent & { preventDefault: () => void };

afterEach(() => vi.restoreAllMocks());

describe('useOneTimeCodeForm', () => {
  it('sends nothing until the code has six digits', async () => {
    const verify = vi.fn(async () => undefined);
    const onAttempt = vi.fn();
    const { result } = renderHook(() =>
      useOneTimeCodeForm({ source: 'app', verify, failureLog: 'x', onAttempt }),
    );
    act(() => result.current.setCode('12345'));
    const event = submitEvent();
    await act(() => result.current.submit(event));
    expect(event.preventDefault).toHaveBeenCalled();
    expect(result.current.invalid).toBe(true);
    expect(verify).not.toHaveBeenCalled();
    expect(onAttempt).not.toHaveBeenCalled();

    act(() => result.current.setCode('123456'));
    await act(() => result.current.submit(submitEvent()));
    expect(result.current.invalid).toBe(false);
    expect(verify).toHaveBeenCalledWith('123456');
    expect(onAttempt).toHaveBeenCalledOnce();
    expect(result.current.code).toBe('123456');
  });

  it('is busy while the code is checked, then says what went wrong and clears the code', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reject: (error: Error) => void = () => undefined;
    const verify = () => new Promise<void>((_, fail) => (reject = fail));
    const { result } = renderHook(() => useOneTimeCodeForm({ source: 'mail', verify, failureLog: 'x' }));
    act(() => result.current.setCode('654321'));
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.submit(submitEvent());
    });
    expect(result.current.busy).toBe(true);
    const wrong = Object.assign(new Error('Invalid code'), { name: 'CodeMismatchException' });
    await act(async () => {
      reject(wrong);
      await done;
    });
    expect(result.current.busy).toBe(false);
    expect(result.current.failure).toEqual(twoStepFailureKeys(wrong, 'mail'));
    expect(result.current.code).toBe('');
  });
});

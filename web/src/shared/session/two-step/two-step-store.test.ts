import { describe, expect, it } from 'vitest';
import { createTwoStepStore, TWO_STEP_CHALLENGE_KEY } from './two-step-store.ts';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    key: (index) => [...values.keys()][index] ?? null,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    clear: () => values.clear(),
  };
}

/** The store as a page (re)load creates it: on `storage`, at the clock's time. */
const storeAt = (storage: Storage, now: () => number = () => 0) => createTwoStepStore(() => storage, now);

describe('two-step store', () => {
  it('keeps a code step across a reload for three minutes, like Amplify keeps its sign-in state', () => {
    const storage = memoryStorage();
    let now = 1_000;
    storeAt(storage, () => now).start('o@n.example', { kind: 'emailCode', destination: 'o***@n.example' });
    const reloaded = storeAt(storage, () => now);
    expect(reloaded.pending()).toEqual({
      username: 'o@n.example',
      challenge: { kind: 'emailCode', destination: 'o***@n.example' },
    });
    now += 3 * 60_000;
    expect(reloaded.pending()).toBeNull();
    expect(storage.getItem(TWO_STEP_CHALLENGE_KEY)).toBeNull();
  });

  it('never writes an authenticator secret to storage', () => {
    const storage = memoryStorage();
    const store = storeAt(storage);
    store.start('o@n.example', {
      kind: 'totpSetup',
      setup: { secret: 'JBSWY3DPEHPK3PXP', uri: () => 'otpauth://x' },
    });
    expect(store.pending()?.challenge.kind).toBe('totpSetup');
    expect(storage.length).toBe(0);
    expect(storeAt(storage).pending()).toBeNull();
  });

  it('ignores a damaged marker', () => {
    const storage = memoryStorage();
    storage.setItem(
      TWO_STEP_CHALLENGE_KEY,
      JSON.stringify({ username: 'x', expiresAt: 9e15, challenge: { kind: 'totpSetup' } }),
    );
    expect(storeAt(storage).pending()).toBeNull();
  });
});

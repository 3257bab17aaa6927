import { describe, expect, it, vi } from 'vitest';
import type { AmplifySession } from './amplify-session.ts';
import { createLazyAmplifySession, mayHaveStoredSession } from './lazy-amplify-session.ts';

function memoryStorage(entries: Record<string, string>): Storage {
  const keys = Object.keys(entries);
  return {
    length: keys.length,
    key: (i: number) => keys[i] ?? null,
    getItem: (key: string) => entries[key] ?? null,
  } as Storage;
}

const identity = { region: 'eu', userPoolId: 'pool', userPoolClientId: 'client' };

function setUp(entries: Record<string, string>) {
  const real = {
    current: vi.fn(async () => ({ email: 'a@b.c' })),
    accessToken: vi.fn(async () => 'token'),
    signIn: vi.fn(async () => 'signedIn' as const),
  } as unknown as AmplifySession;
  const configureAmplify = vi.fn();
  const load = vi.fn(async () => ({ configureAmplify, createAmplifySession: () => real }) as never);
  const pending = vi.fn(() => null as string | null);
  const session = createLazyAmplifySession({
    identity,
    origin: 'http://localhost',
    storage: () => memoryStorage(entries),
    load,
    reseller: vi.fn() as never,
    obm: vi.fn() as never,
    challenge: { pending, start: vi.fn(), clear: vi.fn() } as never,
    twoStep: { pending: () => null, start: vi.fn(), clear: vi.fn() },
    region: 'eu',
    onSessionChange: vi.fn(),
  });
  return { session, load, configureAmplify, real, pending };
}

describe('lazy Amplify session', () => {
  it('answers signed out without loading Amplify when its storage has no key of this client', async () => {
    const { session, load } = setUp({
      'CognitoIdentityServiceProvider.other.LastAuthUser': 'x',
      theme: 'dark',
    });
    expect(await session.current()).toBeNull();
    expect(await session.accessToken({ forceRefresh: false })).toBeNull();
    expect(session.hasPendingNewPasswordChallenge()).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('loads and configures Amplify once when a key of this client is stored', async () => {
    const { session, load, configureAmplify } = setUp({
      'CognitoIdentityServiceProvider.client.LastAuthUser': 'u',
    });
    expect(await session.current()).toEqual({ email: 'a@b.c' });
    expect(await session.accessToken({ forceRefresh: true })).toBe('token');
    expect(load).toHaveBeenCalledTimes(1);
    expect(configureAmplify).toHaveBeenCalledWith(identity, 'http://localhost');
  });

  it('loads Amplify for a sign-in and asks it from then on', async () => {
    const { session, load, real } = setUp({});
    expect(await session.signIn('a@b.c', 'pw')).toBe('signedIn');
    expect(await session.current()).toEqual({ email: 'a@b.c' });
    expect(real.current).toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries the load after a failed one', async () => {
    const { session, load } = setUp({});
    load.mockRejectedValueOnce(new Error('chunk failed'));
    await expect(session.signIn('a@b.c', 'pw')).rejects.toThrow('chunk failed');
    expect(await session.signIn('a@b.c', 'pw')).toBe('signedIn');
  });

  it('treats unreadable storage as a possible session', () => {
    expect(
      mayHaveStoredSession('client', () => {
        throw new Error('blocked');
      }),
    ).toBe(true);
  });
});

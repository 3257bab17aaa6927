import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '@/shared/config/runtime-config.ts';
import { LOADED_MACHINE } from '@/test/loaded-machine.ts';
import { watchCompanyLifecycle } from './company-lifecycle.ts';

const ACCOUNT = ['account'] as const;

function setup() {
  const queryClient = new QueryClient();
  setRuntimeConfig({ services: { reseller: '/api/reseller' } } as unknown as RuntimeConfig);
  const fetchMembers = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async () => new Response('{"items":[]}', { headers: { 'content-type': 'application/json' } }),
    );
  const stop = watchCompanyLifecycle<{ company: { id: string } }>(queryClient, {
    accountKey: ACCOUNT,
    companyIdOf: (account) => account.company.id,
    resetKeys: [['company'], ['organizations'], ['dashboard']],
  });
  return { queryClient, fetchMembers, stop };
}

let stopWatching: (() => void) | undefined;
afterEach(() => stopWatching?.());

describe('company login lifecycle', () => {
  it('loads the members when the company id appears', async () => {
    const { queryClient, fetchMembers, stop } = setup();
    stopWatching = stop;
    queryClient.setQueryData(ACCOUNT, { company: { id: 'c-1' } });
    await vi.waitFor(
      () =>
        expect(String(fetchMembers.mock.calls[0]?.[0])).toMatch(
          /\/api\/reseller\/v1\/companies\/c-1\/users$/,
        ),
      LOADED_MACHINE,
    );
    await vi.waitFor(
      () => expect(queryClient.getQueryData(['company', 'c-1', 'members'])).toEqual([]),
      LOADED_MACHINE,
    );
  });

  it('resets company, organization and license data when the company id disappears', () => {
    const { queryClient, stop } = setup();
    stopWatching = stop;
    queryClient.setQueryData(ACCOUNT, { company: { id: 'c-1' } });
    queryClient.setQueryData(['company', 'info'], { id: 'c-1' });
    queryClient.setQueryData(['organizations', 'list'], []);
    queryClient.setQueryData(['dashboard', 'license-info'], []);
    queryClient.setQueryData(['unrelated'], 1);

    queryClient.removeQueries({ queryKey: ACCOUNT });

    expect(queryClient.getQueryData(['company', 'info'])).toBeUndefined();
    expect(queryClient.getQueryData(['organizations', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(['dashboard', 'license-info'])).toBeUndefined();
    expect(queryClient.getQueryData(['unrelated'])).toBe(1);
  });

  it('keeps the data while the same company stays signed in', () => {
    const { queryClient, stop } = setup();
    stopWatching = stop;
    queryClient.setQueryData(ACCOUNT, { company: { id: 'c-1' } });
    queryClient.setQueryData(['company', 'info'], { id: 'c-1' });
    queryClient.setQueryData(ACCOUNT, { company: { id: 'c-1' }, user: { name: 'renamed' } });
    expect(queryClient.getQueryData(['company', 'info'])).toEqual({ id: 'c-1' });
  });
});

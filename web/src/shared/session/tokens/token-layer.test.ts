import { describe, expect, it, vi } from 'vitest';
import { LOADED_MACHINE } from '@/test/loaded-machine.ts';
import { COMPANY_TOKEN_MARGIN_MS, createTokenLayer, ORGANIZATION_TOKEN_MARGIN_MS } from './token-layer.ts';

function setup() {
  let clock = 1_000_000_000_000;
  let companyId = 'company-1';
  let issued = 0;
  const expireIn = 600; // seconds
  const deps = {
    sessionToken: vi.fn(async ({ forceRefresh }: { forceRefresh: boolean }) =>
      forceRefresh ? 'session-2' : 'session-1',
    ),
    companyId: vi.fn(async () => companyId),
    requestCompanyToken: vi.fn(async (id: string) => ({
      token: `company:${id}:${++issued}`,
      expire: Math.floor(clock / 1000) + expireIn,
    })),
    requestOrganizationToken: vi.fn(async (orgId: string) => ({
      token: `org:${orgId}:${++issued}`,
      expire: Math.floor(clock / 1000) + expireIn,
    })),
    now: () => clock,
  };
  const tokens = createTokenLayer(deps);
  return {
    tokens,
    deps,
    advance: (ms: number) => {
      clock += ms;
    },
    switchCompany: (id: string) => {
      companyId = id;
    },
  };
}

describe('token layer', () => {
  it('gives reseller, obm and default the session token and the other services the company token', async () => {
    const { tokens } = setup();
    for (const service of ['reseller', 'obm', 'default', 'identity'] as const) {
      expect(await tokens.tokenFor(service, undefined)).toBe('session-1');
    }
    for (const service of ['userPortal', 'userPortalAuth', 'monitoring', 'platform'] as const) {
      expect(await tokens.tokenFor(service, undefined)).toBe('company:company-1:1');
    }
  });

  it('in a partner’s view, gives the default service the viewed dealer’s company token (issue 23)', async () => {
    const { tokens, deps } = setup();
    let viewed: string | null = 'dealer-9';
    const layer = createTokenLayer({ ...deps, viewedCompanyId: () => viewed });
    expect(await layer.tokenFor('default', undefined)).toBe('company:dealer-9:1');
    expect(await layer.tokenFor('reseller', undefined)).toBe('session-1');
    expect(await layer.tokenFor('obm', undefined)).toBe('session-1');
    expect(await layer.tokenFor('notifications', undefined)).toBe('session-1');
    viewed = null;
    expect(await layer.tokenFor('default', undefined)).toBe('session-1');
    expect(await tokens.tokenFor('default', undefined)).toBe('session-1');
  });

  it('gives a request the token it asks for', async () => {
    const { tokens } = setup();
    expect(await tokens.tokenFor('platform', { kind: 'organization', orgId: 'o-1' })).toBe('org:o-1:1');
    expect(await tokens.tokenFor('platform', { kind: 'session' })).toBe('session-1');
    expect(await tokens.tokenFor('reseller', undefined, { forceRefresh: true })).toBe('session-2');
  });

  it('reuses the company token until 5 s before it expires', async () => {
    const { tokens, deps, advance } = setup();
    await tokens.companyToken();
    advance(600_000 - COMPANY_TOKEN_MARGIN_MS - 1);
    expect(await tokens.companyToken()).toBe('company:company-1:1');
    advance(1);
    expect(await tokens.companyToken()).toBe('company:company-1:2');
    expect(deps.requestCompanyToken).toHaveBeenCalledTimes(2);
  });

  it('caches organization tokens per organization until 500 ms before expire', async () => {
    const { tokens, deps, advance } = setup();
    expect(await tokens.organizationToken('a')).toBe('org:a:1');
    expect(await tokens.organizationToken('b')).toBe('org:b:2');
    expect(await tokens.organizationToken('a')).toBe('org:a:1');
    advance(600_000 - ORGANIZATION_TOKEN_MARGIN_MS);
    expect(await tokens.organizationToken('a')).toBe('org:a:3');
    expect(deps.requestOrganizationToken).toHaveBeenCalledTimes(3);
  });

  it('shares one request between concurrent callers', async () => {
    const { tokens, deps } = setup();
    const all = await Promise.all([tokens.companyToken(), tokens.companyToken(), tokens.companyToken()]);
    expect(new Set(all).size).toBe(1);
    expect(deps.requestCompanyToken).toHaveBeenCalledTimes(1);
  });

  it('replaces a cached token when asked to force a refresh (after a 401)', async () => {
    const { tokens } = setup();
    await tokens.companyToken();
    expect(await tokens.companyToken({ forceRefresh: true })).toBe('company:company-1:2');
    expect(await tokens.companyToken()).toBe('company:company-1:2');
  });

  it('drops every token on clear (sign-out)', async () => {
    const { tokens, deps } = setup();
    await tokens.companyToken();
    await tokens.organizationToken('a');
    tokens.clear();
    expect(await tokens.companyToken()).toBe('company:company-1:3');
    expect(await tokens.organizationToken('a')).toBe('org:a:4');
    expect(deps.requestCompanyToken).toHaveBeenCalledTimes(2);
  });

  it('drops every token when the company id changes', async () => {
    const { tokens, switchCompany } = setup();
    await tokens.companyToken();
    await tokens.organizationToken('a');
    switchCompany('company-2');
    expect(await tokens.organizationToken('a')).toBe('org:a:3');
    expect(await tokens.companyToken()).toBe('company:company-2:4');
  });

  it('does not keep a token whose request finished after a sign-out', async () => {
    const { tokens, deps } = setup();
    let release: (value: { token: string; expire: number }) => void = () => undefined;
    deps.requestCompanyToken.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = resolve;
        }),
    );
    const pending = tokens.companyToken();
    await vi.waitFor(() => expect(deps.requestCompanyToken).toHaveBeenCalledTimes(1), LOADED_MACHINE);
    tokens.clear();
    release({ token: 'stale', expire: 9_999_999_999 });
    expect(await pending).toBe('stale');
    expect(await tokens.companyToken()).not.toBe('stale');
  });
});

import { SERVICE_PREFIXES } from '@portal/contracts/runtime-config';
import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, STORED_CONFIG_KEY } from './runtime-config.ts';

const CONFIG = {
  brand: 'lumora',
  mode: 'demo',
  version: '1.0.0',
  services: Object.fromEntries(Object.entries(SERVICE_PREFIXES)),
  identity: { region: 'us-west-2', userPoolId: 'us-west-2_PartnerPool1', userPoolClientId: 'portal-client' },
  map: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: 'OpenStreetMap' },
  userPortalUrl: 'https://portal.example/user',
};

const offline = vi.fn(async () => {
  throw new TypeError('Failed to fetch');
}) as unknown as typeof fetch;

describe('runtime config offline (issue 24 point 7)', () => {
  it('starts offline from the configuration the server served last', async () => {
    const served = await loadRuntimeConfig(
      vi.fn(async () => Response.json(CONFIG)) as unknown as typeof fetch,
    );
    expect(JSON.parse(window.localStorage.getItem(STORED_CONFIG_KEY) ?? 'null')).toEqual(CONFIG);
    expect(await loadRuntimeConfig(offline)).toEqual(served);
  });

  it('fails offline when it never loaded one, and does not stand in for an answer with an error', async () => {
    await expect(loadRuntimeConfig(offline)).rejects.toThrow('Failed to fetch');
    await loadRuntimeConfig(vi.fn(async () => Response.json(CONFIG)) as unknown as typeof fetch);
    const failing = vi.fn(async () => new Response('{}', { status: 503 })) as unknown as typeof fetch;
    await expect(loadRuntimeConfig(failing)).rejects.toThrow('answered 503');
  });
});

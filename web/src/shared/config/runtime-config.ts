import { type RuntimeConfig, runtimeConfigSchema } from '@portal/contracts/runtime-config';

export const RUNTIME_CONFIG_URL = '/api/config';
/** The last configuration this host served: what an offline start-up uses (no company data in it). */
export const STORED_CONFIG_KEY = 'partner-portal.runtime-config';

let current: RuntimeConfig | undefined;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function storedConfig(): RuntimeConfig | undefined {
  try {
    const stored = storage()?.getItem(STORED_CONFIG_KEY);
    return stored ? runtimeConfigSchema.parse(JSON.parse(stored)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fetches and validates GET /api/config. When the server cannot be reached (offline), the configuration it
 * served last, so the app still starts from the service worker's copy (issue 24 point 7). Throws when there is
 * neither, or when the server answers with an error or an invalid payload.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(RUNTIME_CONFIG_URL, { headers: { accept: 'application/json' } });
  } catch (error) {
    const stored = storedConfig();
    if (!stored) throw error;
    current = stored;
    return stored;
  }
  if (!response.ok) throw new Error(`GET ${RUNTIME_CONFIG_URL} answered ${response.status}`);
  const body: unknown = await response.json();
  const config = runtimeConfigSchema.parse(body);
  current = config;
  try {
    storage()?.setItem(STORED_CONFIG_KEY, JSON.stringify(body));
  } catch {
    // A full or refused storage only costs the offline start-up.
  }
  return config;
}

/** The validated runtime config, for code outside React (API clients). Only valid after bootstrap. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime config read before it was loaded');
  return current;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

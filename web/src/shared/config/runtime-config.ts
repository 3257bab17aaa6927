import { type RuntimeConfig, runtimeConfigSchema } from '@portal/contracts/runtime-config';

export const RUNTIME_CONFIG_URL = '/api/config';

let current: RuntimeConfig | undefined;

/** Fetches and validates GET /api/config. Throws when the server is unreachable or the payload is invalid. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl(RUNTIME_CONFIG_URL, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${RUNTIME_CONFIG_URL} answered ${response.status}`);
  const config = runtimeConfigSchema.parse(await response.json());
  current = config;
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

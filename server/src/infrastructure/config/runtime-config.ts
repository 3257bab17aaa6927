import { BRAND_IDS, type BrandId } from '@portal/contracts/brands';
import { type RuntimeConfig, SERVICE_PREFIXES } from '@portal/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import { brandOfRequest, userPortalUrlFor } from './brand-hosts.ts';
import type { Config } from './config.ts';
import { serviceUrlsOf } from './service-urls.ts';

/**
 * Service URLs are relative to the page by default (the SPA resolves them against its own origin), so
 * the portal works under any host name; SERVICE_URL_<NAME> points one service somewhere else.
 */
export function runtimeConfigFor(config: Config, brand: BrandId = config.BRAND): RuntimeConfig {
  return {
    brand,
    mode: config.MODE,
    version: config.version,
    services: serviceUrlsOf(config),
    identity: {
      region: config.COGNITO_REGION,
      userPoolId: config.COGNITO_USER_POOL_ID,
      userPoolClientId: config.COGNITO_CLIENT_ID,
      ...(config.COGNITO_ENDPOINT ? {} : { userPoolEndpoint: SERVICE_PREFIXES.identity }),
    },
    map: { tileUrl: config.MAP_TILE_URL, attribution: config.MAP_ATTRIBUTION },
    userPortalUrl: userPortalUrlFor(config, brand),
  };
}

/** One body per brand; the host the page was reached under picks it (decision 0022). */
export async function runtimeConfigRoute(app: FastifyInstance): Promise<void> {
  const bodies = Object.fromEntries(
    BRAND_IDS.map((brand) => [brand, runtimeConfigFor(app.config, brand)]),
  ) as Record<BrandId, RuntimeConfig>;
  app.get('/api/config', { schema: { hide: true } }, async (request, reply) => {
    // The answer depends on the host: a cache in front must not hand one host's brand to another.
    reply.header('cache-control', 'no-cache').header('vary', 'Host, X-Forwarded-Host');
    return bodies[brandOfRequest(app.config, request)];
  });
}

import {
  type RuntimeConfig,
  SERVICE_NAMES,
  SERVICE_PREFIXES,
  type ServiceName,
} from '@portal/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

/**
 * Service URLs are relative to the page by default (the SPA resolves them against its own origin), so
 * the portal works under any host name; SERVICE_URL_<NAME> points one service somewhere else.
 */
export function runtimeConfigFor(config: Config, env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const services = Object.fromEntries(
    SERVICE_NAMES.map((name: ServiceName) => {
      const override = env[`SERVICE_URL_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`];
      return [name, override || SERVICE_PREFIXES[name]];
    }),
  ) as Record<ServiceName, string>;
  return {
    brand: config.BRAND,
    mode: config.MODE,
    version: config.version,
    services,
    identity: {
      region: config.COGNITO_REGION,
      userPoolId: config.COGNITO_USER_POOL_ID,
      userPoolClientId: config.COGNITO_CLIENT_ID,
      ...(config.COGNITO_ENDPOINT ? {} : { userPoolEndpoint: SERVICE_PREFIXES.identity }),
    },
    map: { tileUrl: config.MAP_TILE_URL, attribution: config.MAP_ATTRIBUTION },
    userPortalUrl: config.USER_PORTAL_URL,
  };
}

export async function runtimeConfigRoute(app: FastifyInstance): Promise<void> {
  const body = runtimeConfigFor(app.config);
  app.get('/api/config', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
}

import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';
import { serviceUrlsOf } from '../config/service-urls.ts';

const originOf = (url: string | undefined): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * Content-Security-Policy of the app: no inline or foreign scripts; styles may be inline (MUI/emotion
 * injects <style> elements); map tiles, the identity endpoint and any service moved elsewhere are the
 * only foreign origins the page may reach.
 */
export function contentSecurityPolicy(config: Config) {
  const tileOrigin = originOf(config.MAP_TILE_URL.replaceAll(/\{[a-z]\}/g, 'a'));
  // A service on this origin (a path) adds nothing: originOf gives no origin for a path.
  const serviceOrigins = Object.values(serviceUrlsOf(config)).flatMap(originOf);
  const identityOrigin = originOf(config.COGNITO_ENDPOINT);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // The offline service worker (/sw.js, issue 24 point 7); no other worker, none from elsewhere.
    workerSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigin],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...identityOrigin, ...serviceOrigins],
    mediaSrc: ["'self'", 'https:'],
    frameSrc: ["'self'", 'https:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.MODE === 'production' ? [] : null,
  };
}

/**
 * Security headers on every response (HSTS only in production, where the portal is served over HTTPS), by
 * @fastify/helmet on the root instance. It sets them on the raw response in onRequest, so a hijacked reply
 * (the live-update event stream) carries them too.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
    strictTransportSecurity:
      app.config.MODE === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The identity endpoint and its JWKS are read cross-origin by design (COGNITO.md §1.4).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/config.ts';

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
export function contentSecurityPolicy(config: Config, env: NodeJS.ProcessEnv = process.env) {
  const tileOrigin = originOf(config.MAP_TILE_URL.replaceAll(/\{[a-z]\}/g, 'a'));
  const serviceOrigins = Object.entries(env)
    .filter(([name]) => name.startsWith('SERVICE_URL_'))
    .flatMap(([, value]) => originOf(value));
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

/** The headers helmet's middleware would set with these options, read once by running it on a stand-in response. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every response (HSTS only in production, where the portal is served over HTTPS).
 * They depend on the configuration only, so helmet computes them once at start; each request copies the
 * finished values instead of running helmet's middleware chain (which rebuilt the CSP string every time).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
    strictTransportSecurity:
      app.config.MODE === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // The identity endpoint and its JWKS are read cross-origin by design (COGNITO.md §1.4).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

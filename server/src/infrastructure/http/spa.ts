import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { EXTRA_TYPES } from '@portal/contracts/api-error';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brandOfRequest } from '../config/brand-hosts.ts';
import { type EncodedPage, encodePage, pickEncoding, spaPagesPerBrand, webAppManifest } from './spa-pages.ts';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API page GET answered with the app (history fallback). Everything else that matches
 * no route (any /api/* path, a missing asset, another method) is a JSON 404. index.html carries the
 * product name of the host's brand in its title (decision 0022), so the tab never shows the other brand;
 * /login's copy carries the pre-rendered sign-in form (web/prerender/login-shell.ts). The web app manifest
 * is the host brand's too.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasSpa = existsSync(indexFile);
  const pages = hasSpa
    ? Object.fromEntries(
        Object.entries(spaPagesPerBrand(readFileSync(indexFile, 'utf8'))).map(([brand, page]) => [
          brand,
          { login: encodePage(page.login), app: encodePage(page.app) },
        ]),
      )
    : {};
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const page = pages[brandOfRequest(app.config, request)] as { login: EncodedPage; app: EncodedPage };
    const isLogin = (request.url.split('?')[0] ?? '/').replace(/\/$/, '') === '/login';
    const encoded = isLogin ? page.login : page.app;
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const body = encoding === 'identity' ? undefined : encoded[encoding];
    if (body) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Host, X-Forwarded-Host, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(body ?? encoded.identity);
  };
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // `npm run build` writes .br and .gz beside each text asset (web/scripts/precompress.ts); a browser
      // that accepts them gets those, anyone else the original file.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Hashed names under assets/ never change; everything else (the service worker /sw.js, login-boot.js,
        // icons) is revalidated on every use, so a new build reaches the browser at once.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, sendIndex);
    app.get('/manifest.webmanifest', { schema: { hide: true } }, (request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'Host, X-Forwarded-Host')
        .type('application/manifest+json')
        .send(JSON.stringify(webAppManifest(brandOfRequest(app.config, request)))),
    );
  } else {
    app.log.warn({ distDir }, 'web app not built (run `npm run build`); serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && path.extname(url) === '';
    // /metrics is no page: a scraper pointed at the public port by mistake gets 404, not the app's HTML.
    if (hasSpa && isPage && !url.startsWith('/api/') && url !== '/api' && url !== '/metrics')
      return sendIndex(request, reply);
    return reply
      .status(404)
      .send({ detail: `No route for ${request.method} ${url}`, extraType: EXTRA_TYPES.notFound });
  });
}

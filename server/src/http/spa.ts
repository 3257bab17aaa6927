import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { EXTRA_TYPES } from '@portal/contracts/api-error';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * unknown non-API page GET answered with the app (history fallback). Everything else that matches
 * no route (any /api/* path, a missing asset, another method) is a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasSpa = existsSync(path.join(distDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // `npm run build` writes .br and .gz beside each text asset (web/scripts/precompress.ts); a browser
      // that accepts them gets those, anyone else the original file.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  } else {
    app.log.warn({ distDir }, 'web app not built (run `npm run build`); serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && path.extname(url) === '';
    if (hasSpa && isPage && !url.startsWith('/api/') && url !== '/api') return sendIndex(reply);
    return reply
      .status(404)
      .send({ detail: `No route for ${request.method} ${url}`, extraType: EXTRA_TYPES.notFound });
  });
}

function sendIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
}

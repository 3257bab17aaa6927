import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The pages a mailed link opens (the remote-access approval page, the unsubscribe page): no session, the
 * token in the URL is the credential, and the page's own buttons post a form back to it.
 */

/**
 * The token is in the URL: keep it out of other sites' Referer headers and out of caches; the page needs no
 * script. Not 'no-referrer': with it Chromium sends `Origin: null` on the pages' form posts, which the
 * cross-site guard (http/cross-site-guard.ts) rightly refuses.
 */
export function sendLinkPage(reply: FastifyReply, html: string, status = 200) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The pages' form posts (`application/x-www-form-urlencoded`) as a plain object, for the route's schema. */
export function acceptFormPosts(app: FastifyInstance, bodyLimit?: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', ...(bodyLimit ? { bodyLimit } : {}) },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

import type { FastifyReply } from 'fastify';

/**
 * Sends a server-rendered page reached by a link with a token in its URL (remote-access approval,
 * unsubscribe): kept out of caches and out of other sites' Referer headers; the page runs no script. Not
 * 'no-referrer': with it Chromium sends `Origin: null` on the page's form posts, which the cross-site guard
 * (cross-site-guard.ts) rightly refuses.
 */
export function sendTokenPage(reply: FastifyReply, html: string, status = 200) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
    .type('text/html; charset=utf-8')
    .send(html);
}

import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A single resource with a strong ETag of its JSON: a client polling it with If-None-Match gets 304 and no
 * body while nothing changed (the read is still made: the tag is the content's).
 */
export function withEtag<T>(request: FastifyRequest, reply: FastifyReply, body: T): T | FastifyReply {
  const tag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', tag);
  reply.header('cache-control', 'private, no-cache');
  const match = request.headers['if-none-match'];
  if (match?.split(',').some((value) => value.trim().replace(/^W\//, '') === tag))
    return reply.code(304).send();
  return body;
}

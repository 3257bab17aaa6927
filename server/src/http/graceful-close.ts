import type { FastifyInstance } from 'fastify';

/**
 * While the server closes, responses to requests still in flight carry `Connection: close`, so their
 * keep-alive sockets end with them and shutdown does not wait for idle clients to time out.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every response.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PortalMetrics } from './portal-metrics.ts';

export interface MetricsListener {
  /** http://host:port of the listener (the port chosen when METRICS_PORT is 0). */
  url: string;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a listener of its own (METRICS_HOST:METRICS_PORT), never on the public port: what the
 * process reveals about its load is for the operator's Prometheus, not for the partners. Anything else is 404.
 */
export async function listenForScrapes(
  metrics: PortalMetrics,
  options: { host: string; port: number; onError(error: unknown): void },
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        options.onError(error);
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  // Scrapes are short; a client that holds a connection open does not keep the process from closing.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

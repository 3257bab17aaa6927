import type { FastifyInstance } from 'fastify';
import { listenForScrapes, type MetricsListener } from './metrics-listener.ts';
import { PortalMetrics } from './portal-metrics.ts';
import { readQueueStats } from './queue-stats.ts';
import { noRecorder, type OperationsRecorder } from './recorder.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where routes, jobs and the mailer record what happened (metrics; a no-op without METRICS_PORT). */
    operations: OperationsRecorder;
    /** The metrics listener's URL once the app is ready, when METRICS_PORT is set. */
    metricsUrl: () => string | undefined;
  }
}

/**
 * Issue 26 item 1: with METRICS_PORT set, a registry of this app's own, the request histogram, and the
 * scrape listener (started when the app is ready, closed with it). Unset: nothing at all is measured.
 */
export function registerMetrics(app: FastifyInstance): void {
  const { config } = app;
  if (config.METRICS_PORT === undefined) {
    app.decorate('operations', noRecorder);
    app.decorate('metricsUrl', () => undefined);
    return;
  }
  const metrics = new PortalMetrics({
    openEventStreams: () => app.liveStreams.size,
    pool: () => app.database.poolStats(),
    queues: () => readQueueStats(app.db),
  });
  let listener: MetricsListener | undefined;
  app.decorate('operations', metrics);
  app.decorate('metricsUrl', () => listener?.url);

  // A callback hook: nothing to wait for, so no promise and no extra tick per request (decision 0016).
  app.addHook('onResponse', (request, reply, done) => {
    // The template, never the URL: ids in paths would make a series per customer. No route: the SPA's pages
    // and 404s, one series.
    metrics.request(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  app.addHook('onReady', async () => {
    listener = await listenForScrapes(metrics, {
      host: config.METRICS_HOST,
      port: config.METRICS_PORT as number,
      onError: (error) => app.log.error({ err: error }, 'metrics scrape failed'),
    });
    app.log.info(`metrics on ${listener.url}/metrics`);
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });
}

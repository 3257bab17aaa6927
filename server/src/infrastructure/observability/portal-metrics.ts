import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueStat } from './queue-stats.ts';
import type { IncidentCounts, MailOutcome, OperationsRecorder, WebhookOutcome } from './recorder.ts';

/** What the gauges read when Prometheus scrapes (nothing is polled in between). */
export interface ScrapeSources {
  openEventStreams(): number;
  pool(): { size: number; inUse: number; waiting: number };
  /** Null: the job queue's schema is not there yet. */
  queues(): Promise<QueueStat[] | null>;
}

/** Seconds; a request of the portal is mostly a few ms, a slow one a second, a stuck one the 10 s timeouts. */
const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; a webhook attempt is bounded by WEBHOOK_TIMEOUT_SECONDS (10 s by default, at most 60). */
const WEBHOOK_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The Prometheus metrics of one app instance (issue 26 item 1), in a registry of its own: tests build many
 * apps in one process, and each process is scraped on its own. Counters count from the process's start.
 */
export class PortalMetrics implements OperationsRecorder {
  readonly registry = new Registry();

  private readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered, by route template, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  private readonly ingestReports = new Counter({
    name: 'portal_ingest_reports_total',
    help: 'Device reports received by the ingest API, by result (accepted, duplicate, rejected)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly incidentsOpened = new Counter({
    name: 'portal_incidents_opened_total',
    help: 'Incidents opened (reopened included) by this process, by category',
    labelNames: ['category'] as const,
    registers: [this.registry],
  });
  private readonly incidentsResolved = new Counter({
    name: 'portal_incidents_resolved_total',
    help: 'Incidents resolved by this process, by category',
    labelNames: ['category'] as const,
    registers: [this.registry],
  });
  private readonly webhookDeliveries = new Counter({
    name: 'portal_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered: 2xx; rejected: another status; failed: no answer)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly webhookDuration = new Histogram({
    name: 'portal_webhook_delivery_duration_seconds',
    help: 'Webhook delivery attempts from connection to answer, by outcome',
    labelNames: ['outcome'] as const,
    buckets: WEBHOOK_BUCKETS,
    registers: [this.registry],
  });
  private readonly mails = new Counter({
    name: 'portal_mails_total',
    help: 'Mails by outcome (sent: handed to SMTP or the outbox; failed: SMTP refused; deferred: a bundle put off) and template',
    labelNames: ['outcome', 'template'] as const,
    registers: [this.registry],
  });

  constructor(sources: ScrapeSources) {
    collectDefaultMetrics({ register: this.registry });
    // Known label values start at 0, so that rate() and increase() see the first event.
    for (const result of ['accepted', 'duplicate', 'rejected']) this.ingestReports.inc({ result }, 0);
    for (const outcome of ['delivered', 'rejected', 'failed']) this.webhookDeliveries.inc({ outcome }, 0);
    new Gauge({
      name: 'portal_event_streams_open',
      help: 'Live-update event streams (server-sent events) open on this process',
      registers: [this.registry],
      collect() {
        this.set(sources.openEventStreams());
      },
    });
    const pool = () => sources.pool();
    new Gauge({
      name: 'portal_db_pool_size',
      help: 'Database connections this process may hold (1 on embedded PGlite)',
      registers: [this.registry],
      collect() {
        this.set(pool().size);
      },
    });
    new Gauge({
      name: 'portal_db_pool_in_use',
      help: 'Database connections checked out by a query or transaction now',
      registers: [this.registry],
      collect() {
        this.set(pool().inUse);
      },
    });
    new Gauge({
      name: 'portal_db_pool_waiting',
      help: 'Queries and transactions waiting for a database connection now',
      registers: [this.registry],
      collect() {
        this.set(pool().waiting);
      },
    });
    // One read of the queues per scrape, shared by the four gauges below.
    let reading: Promise<QueueStat[] | null> | undefined;
    const queues = () => {
      reading ??= sources
        .queues()
        .catch(() => null)
        .finally(() => setImmediate(() => (reading = undefined)));
      return reading;
    };
    const queueGauge = (name: string, help: string, value: (stat: QueueStat) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['queue'] as const,
        registers: [this.registry],
        async collect() {
          const stats = await queues();
          this.reset();
          for (const stat of stats ?? []) this.set({ queue: stat.queue }, value(stat));
        },
      });
    queueGauge(
      'portal_job_queue_waiting',
      'Jobs due and not yet taken by a worker, per pg-boss queue',
      (s) => s.waiting,
    );
    queueGauge('portal_job_queue_active', 'Jobs a worker holds now, per pg-boss queue', (s) => s.active);
    queueGauge(
      'portal_job_queue_deferred',
      'Jobs waiting for their start time (timers, retries), per pg-boss queue',
      (s) => s.deferred,
    );
    queueGauge(
      'portal_job_queue_oldest_waiting_seconds',
      'Seconds since the oldest waiting job of the queue became due (0: none waits)',
      (s) => s.oldestWaitingSeconds,
    );
  }

  /** One answered request; `route` is the route's template (`/api/…/:id`), never the raw URL. */
  request(route: string, method: string, statusCode: number, seconds: number): void {
    this.requestDuration.observe({ route, method, status_code: String(statusCode) }, seconds);
  }

  ingestBatch(result: { accepted: number; duplicates: number; rejected: number }): void {
    if (result.accepted > 0) this.ingestReports.inc({ result: 'accepted' }, result.accepted);
    if (result.duplicates > 0) this.ingestReports.inc({ result: 'duplicate' }, result.duplicates);
    if (result.rejected > 0) this.ingestReports.inc({ result: 'rejected' }, result.rejected);
  }

  incidents(tally: IncidentCounts): void {
    for (const [category, count] of Object.entries(tally.opened))
      this.incidentsOpened.inc({ category }, count);
    for (const [category, count] of Object.entries(tally.resolved))
      this.incidentsResolved.inc({ category }, count);
  }

  webhookAttempt(outcome: WebhookOutcome, seconds: number): void {
    this.webhookDeliveries.inc({ outcome });
    this.webhookDuration.observe({ outcome }, seconds);
  }

  mail(outcome: MailOutcome, template: string): void {
    this.mails.inc({ outcome, template });
  }

  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

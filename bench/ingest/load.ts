/**
 * The ingest bench's load: a few HTTP clients, each sending the next batch of the simulator's reports as soon
 * as its last one was answered (closed loop), so the reports/s are what the server sustains. A probe may
 * put a report of its own into the next batch of its platform and learn when that batch left.
 */
import type { DeviceReport, IngestPlatform, IngestResult } from '@portal/contracts/ingest';
import type { Behaviour } from '@portal/server/testkit';

interface Injected {
  deviceId: string;
  fields: Omit<DeviceReport, 'id' | 'deviceId' | 'at'>;
  sent: (at: number) => void;
}

export interface LoadCounters {
  batches: number;
  reports: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  /** Answers other than 202, and requests without an answer. */
  errors: number;
  lastError: string;
  /** Accepted reports per second of the measured window. */
  perSecond: number[];
  /** Batch round trips in the measured window, ms. */
  batchMs: number[];
}

export class IngestLoad {
  readonly counters: LoadCounters = {
    batches: 0,
    reports: 0,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
    errors: 0,
    lastError: '',
    perSecond: [],
    batchMs: [],
  };
  private readonly queues = new Map<IngestPlatform, DeviceReport[]>();
  private readonly injected = new Map<IngestPlatform, Injected[]>();
  private readonly started = performance.now();
  private measuringSince: number | null = null;
  private stopped = false;
  private running: Promise<void>[] = [];
  private lastStamp = 0;
  private probeIds = 0;

  constructor(
    private readonly options: {
      url: string;
      keys: ReadonlyMap<IngestPlatform, string>;
      behaviour: Behaviour;
      batchSize: number;
      clients: number;
    },
  ) {}

  start(): void {
    this.running = Array.from({ length: this.options.clients }, () => this.client());
  }

  /** From now on, count accepted reports per second and batch times. */
  measure(): void {
    this.measuringSince = performance.now();
    this.counters.perSecond = [];
    this.counters.batchMs = [];
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.running);
  }

  /** Sends a report in the next batch of its platform; resolves with the time (performance.now) it left. */
  inject(platform: IngestPlatform, deviceId: string, fields: Injected['fields']): Promise<number> {
    return new Promise((sent) => {
      const list = this.injected.get(platform) ?? [];
      list.push({ deviceId, fields, sent });
      this.injected.set(platform, list);
    });
  }

  /** Strictly increasing report times: batches in flight arrive in any order, the newer report must win. */
  private stamp(): string {
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    return new Date(this.lastStamp).toISOString();
  }

  /** The next full batch: of the platform a probe waits on (leaving room for the probe reports), else any. */
  private nextBatch(): { platform: IngestPlatform; reports: DeviceReport[] } {
    const { batchSize, behaviour } = this.options;
    const waiting = [...this.injected].find(([, list]) => list.length > 0);
    for (;;) {
      if (waiting) {
        const [platform, list] = waiting;
        const queue = this.queues.get(platform) ?? [];
        const room = Math.max(0, batchSize - list.length);
        if (queue.length >= room) return { platform, reports: queue.splice(0, room) };
      } else {
        for (const [platform, queue] of this.queues)
          if (queue.length >= batchSize) return { platform, reports: queue.splice(0, batchSize) };
      }
      const now = performance.now() - this.started;
      for (const { platform, report } of behaviour.take(batchSize, now, this.stamp())) {
        const queue = this.queues.get(platform) ?? [];
        queue.push(report);
        this.queues.set(platform, queue);
      }
    }
  }

  private async client(): Promise<void> {
    while (!this.stopped) {
      const { platform, reports } = this.nextBatch();
      const probes = this.injected.get(platform)?.splice(0) ?? [];
      const at = this.stamp();
      for (const probe of probes)
        reports.push({
          id: `probe-${Date.now()}-${this.probeIds++}`,
          deviceId: probe.deviceId,
          at,
          ...probe.fields,
        });
      const sentAt = performance.now();
      for (const probe of probes) probe.sent(sentAt);
      await this.send(platform, reports, sentAt);
    }
  }

  private async send(platform: IngestPlatform, reports: DeviceReport[], sentAt: number): Promise<void> {
    const c = this.counters;
    try {
      const res = await fetch(`${this.options.url}/api/ingest/v1/reports`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.keys.get(platform)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ reports }),
      });
      const text = await res.text();
      const done = performance.now();
      if (res.status !== 202) {
        c.errors += 1;
        c.lastError = `${res.status} ${text.slice(0, 300)}`;
        return;
      }
      const result = JSON.parse(text) as IngestResult;
      c.batches += 1;
      c.reports += reports.length;
      c.accepted += result.accepted;
      c.duplicates += result.duplicates;
      c.rejected += result.rejected.length;
      if (this.measuringSince !== null && sentAt >= this.measuringSince) {
        const second = Math.floor((done - this.measuringSince) / 1000);
        c.perSecond[second] = (c.perSecond[second] ?? 0) + result.accepted;
        c.batchMs.push(done - sentAt);
      }
    } catch (error) {
      c.errors += 1;
      c.lastError = (error as Error).message;
    }
  }
}

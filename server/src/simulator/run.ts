import type { DeviceReport, IngestPlatform } from '@portal/contracts/ingest';
import { Behaviour } from './behaviour.ts';
import { fetchPlatformDevices, postBatch } from './client.ts';
import { buildFleet } from './fleet.ts';
import type { PlatformKey } from './keys-file.ts';
import { addResult, emptyTotals, type SimulatorTotals, summaryLine } from './summary.ts';

export interface SimulatorOptions {
  /** The portal, e.g. http://localhost:8080. */
  url: string;
  keys: readonly PlatformKey[];
  /** Reports per second, both platforms together. */
  rate: number;
  /** Stop after this many seconds; unset: until stop(). */
  durationSeconds?: number;
  seed: number;
  /** The portal's INCIDENT_DEBOUNCE_SECONDS (blips shorter, outages longer). */
  debounceSeconds: number;
  /** Reports per batch at most (a platform key's batch), default 500. */
  batchSize?: number;
  /** Batches in flight at most, default 4. */
  concurrency?: number;
  /** Scenarios started per minute; default one report in a hundred. */
  scenariosPerMinute?: number;
  /** A summary line this often (seconds), default 5; 0: none but the last. */
  summaryEverySeconds?: number;
  log: (line: string) => void;
  /** Devices to leave alone (a benchmark's own probes). */
  exclude?: ReadonlySet<string>;
}

export interface Simulator {
  /** Resolves when the run ends: its duration is over or stop() was called; every batch answered. */
  readonly done: Promise<SimulatorTotals>;
  /**
   * Ends the run: the reports due so far are sent, batches in flight answered. `drop`: nothing more is sent
   * or retried (the portal is going away); batches in flight still end.
   */
  stop(options?: { drop?: boolean }): Promise<SimulatorTotals>;
  totals(): SimulatorTotals;
  /** How many devices it drives, per platform. */
  readonly devices: Partial<Record<IngestPlatform, number>>;
  /** What each device said last (connected, recording), as sent. */
  states(): Map<string, { connected: boolean; recording: boolean }>;
}

const TICK_MS = 100;
/** A platform's reports wait at most this long for a full batch. */
const FLUSH_MS = 1000;

/**
 * Drives the ingest API of a running portal: learns the devices of each key's platform, then every tick
 * takes the tick's share of `rate` reports from the behaviour and sends them in batches per platform key,
 * at most `concurrency` batches at a time (when the portal is slower, the run slows with it).
 */
export async function startSimulator(options: SimulatorOptions): Promise<Simulator> {
  const batchSize = options.batchSize ?? 500;
  const concurrency = options.concurrency ?? 4;
  const keyOf = new Map(options.keys.map((entry) => [entry.platform, entry.key]));
  const lists = await Promise.all(
    options.keys.map(async ({ platform, key }) =>
      (await fetchPlatformDevices(options.url, key))
        .filter((device) => !options.exclude?.has(device.id))
        .map((device) => ({ ...device, platform })),
    ),
  );
  const fleet = buildFleet(lists.flat());
  const devices: Partial<Record<IngestPlatform, number>> = {};
  for (const device of fleet.all) devices[device.platform] = (devices[device.platform] ?? 0) + 1;
  const scenarioShare =
    options.scenariosPerMinute === undefined
      ? 0.01
      : Math.min(1, options.scenariosPerMinute / Math.max(options.rate * 60, 1));
  const behaviour = new Behaviour(fleet, {
    seed: options.seed,
    debounceSeconds: options.debounceSeconds,
    scenarioShare,
    idPrefix: `sim${options.seed}-${Date.now().toString(36)}`,
  });

  const totals = emptyTotals();
  const started = performance.now();
  const current = () => {
    totals.seconds = (performance.now() - started) / 1000;
    totals.scenarios = Object.values(behaviour.started).reduce((sum, n) => sum + n, 0);
    return { ...totals };
  };

  let stopping = false;
  let dropping = false;
  let wake: () => void = () => {};
  const inFlight = new Set<Promise<void>>();

  const send = async (platform: IngestPlatform, reports: DeviceReport[]) => {
    while (inFlight.size >= concurrency) await Promise.race(inFlight);
    const key = keyOf.get(platform) as string;
    const sending = postBatch(options.url, key, reports, {
      onError: () => (totals.errors += 1),
      giveUp: () => dropping,
    }).then((outcome) => {
      if (outcome.ok) addResult(totals, reports.length, outcome.result);
      else totals.lost += reports.length;
    });
    const tracked = sending.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const run = async (): Promise<SimulatorTotals> => {
    const pending = new Map<IngestPlatform, DeviceReport[]>();
    const flush = async (platform: IngestPlatform, all: boolean) => {
      const queue = pending.get(platform) ?? [];
      while (queue.length >= batchSize || (all && queue.length > 0))
        await send(platform, queue.splice(0, batchSize));
    };
    let virtual = 0;
    let budget = 0;
    let lastFlush = 0;
    let lastSummary = 0;
    let stamp = 0;
    const summaryEvery = (options.summaryEverySeconds ?? 5) * 1000;
    const end =
      options.durationSeconds === undefined ? Number.POSITIVE_INFINITY : options.durationSeconds * 1000;
    while (!stopping && virtual < end) {
      budget += (options.rate * TICK_MS) / 1000;
      const count = Math.floor(budget);
      budget -= count;
      // Strictly increasing: two batches in flight may arrive in either order, and the newer report must win.
      stamp = Math.max(Date.now(), stamp + 1);
      for (const { platform, report } of behaviour.take(count, virtual, new Date(stamp).toISOString())) {
        const queue = pending.get(platform) ?? [];
        queue.push(report);
        pending.set(platform, queue);
      }
      const due = virtual - lastFlush >= FLUSH_MS;
      for (const platform of pending.keys()) await flush(platform, due);
      if (due) lastFlush = virtual;
      virtual += TICK_MS;
      const wait = started + virtual - performance.now();
      if (wait > 0)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      if (summaryEvery > 0 && virtual - lastSummary >= summaryEvery) {
        lastSummary = virtual;
        options.log(summaryLine(current()));
      }
    }
    if (!dropping) for (const platform of pending.keys()) await flush(platform, true);
    while (inFlight.size > 0) await Promise.race(inFlight);
    const final = current();
    options.log(summaryLine(final));
    return final;
  };

  const done = run();
  return {
    done,
    devices,
    totals: current,
    states: () =>
      new Map(
        fleet.all.map((device) => [device.id, { connected: device.connected, recording: device.recording }]),
      ),
    stop: (stopOptions) => {
      stopping = true;
      dropping = stopOptions?.drop === true;
      wake();
      return done;
    },
  };
}

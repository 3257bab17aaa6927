import type { DeviceReport, IngestPlatform } from '@portal/contracts/ingest';
import type { Fleet, SimDevice } from './fleet.ts';
import { type Random, seededRandom } from './random.ts';
import { type ReportFields, SCENARIOS, type ScenarioKind, type Step } from './scenarios.ts';
import { Schedule } from './schedule.ts';

export interface BehaviourOptions {
  seed: number;
  /** The portal's INCIDENT_DEBOUNCE_SECONDS: blips stay under it, outages over it. */
  debounceSeconds: number;
  /** The share of reports that start a scenario instead of being a heartbeat (0.01: one in a hundred). */
  scenarioShare: number;
  /** Report ids are `<prefix>-<n>`: unique per run, so two runs never collide as duplicates. */
  idPrefix: string;
}

export interface SimReport {
  platform: IngestPlatform;
  report: DeviceReport;
}

/**
 * What the devices say, report by report: heartbeats (every device in turn, saying its state now) and, in
 * between, scenarios (blips, outages, server outages, firmware upgrades, disk failures, spikes…) whose later
 * steps come due on the virtual clock. Everything is decided by the seeded random source and the virtual
 * times `take` is called with, so the same seed, devices and calls give the same reports.
 */
export class Behaviour {
  readonly started: Record<ScenarioKind, number> = {
    blip: 0,
    outage: 0,
    'server outage': 0,
    'firmware upgrade': 0,
    'server flag': 0,
    'recording failure': 0,
    breakdown: 0,
    repair: 0,
  };
  private readonly random: Random;
  private readonly schedule = new Schedule<Step>();
  private readonly rotation: SimDevice[];
  private nextInRotation = 0;
  private reportCount = 0;

  constructor(
    private readonly fleet: Fleet,
    private readonly options: BehaviourOptions,
  ) {
    this.random = seededRandom(options.seed);
    this.rotation = this.random.shuffle([...fleet.all]);
  }

  /** Scenario steps still to come. */
  get pending(): number {
    return this.schedule.size;
  }

  /**
   * About `count` reports at virtual time `now` (ms), dated `at`: every scenario step due by then, then
   * heartbeats and new scenarios up to `count`.
   */
  take(count: number, now: number, at: string): SimReport[] {
    const out: SimReport[] = [];
    for (let step = this.schedule.popDue(now); step; step = this.schedule.popDue(now))
      out.push(this.emit(step.device, step.fields, at));
    if (this.rotation.length === 0) return out;
    while (out.length < count) {
      if (this.random.chance(this.options.scenarioShare) && this.startScenario(now, at, out)) continue;
      const device = this.rotation[this.nextInRotation] as SimDevice;
      this.nextInRotation = (this.nextInRotation + 1) % this.rotation.length;
      out.push(this.emit(device, heartbeat(device), at));
    }
    return out;
  }

  private startScenario(now: number, at: string, out: SimReport[]): boolean {
    const { kind, play } = this.random.weighted(SCENARIOS);
    const steps = play({
      fleet: this.fleet,
      random: this.random,
      now,
      debounceMs: this.options.debounceSeconds * 1000,
    });
    if (!steps) return false;
    this.started[kind] += 1;
    for (const step of steps) {
      if (step.after <= 0) out.push(this.emit(step.device, step.fields, at));
      else this.schedule.add(now + step.after, step);
    }
    return true;
  }

  private emit(device: SimDevice, fields: ReportFields, at: string): SimReport {
    if (fields.connected !== undefined) device.connected = fields.connected;
    if (fields.recording !== undefined) device.recording = fields.recording;
    this.reportCount += 1;
    return {
      platform: device.platform,
      report: { id: `${this.options.idPrefix}-${this.reportCount}`, deviceId: device.id, at, ...fields },
    };
  }
}

/** A device saying how it is: connected or not, and recording or not while connected. */
function heartbeat(device: SimDevice): ReportFields {
  if (!device.connected) return { connected: false };
  return device.records ? { connected: true, recording: device.recording } : { connected: true };
}

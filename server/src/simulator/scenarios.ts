import type { DeviceReport, ReportedStatusFlag } from '@portal/contracts/ingest';
import type { Fleet, SimDevice } from './fleet.ts';
import type { Random } from './random.ts';

/** What one report says (its id, device and time are added when it is sent). */
export type ReportFields = Omit<DeviceReport, 'id' | 'deviceId' | 'at'>;

/** One report of a scenario, `after` ms from its start. */
export interface Step {
  after: number;
  device: SimDevice;
  fields: ReportFields;
}

export interface ScenarioContext {
  fleet: Fleet;
  random: Random;
  /** Virtual time now, ms. */
  now: number;
  /** INCIDENT_DEBOUNCE_SECONDS of the portal, in ms: blips stay under it, outages over it. */
  debounceMs: number;
}

export type ScenarioKind =
  | 'blip'
  | 'outage'
  | 'server outage'
  | 'firmware upgrade'
  | 'server flag'
  | 'recording failure'
  | 'breakdown'
  | 'repair';

type Scenario = (ctx: ScenarioContext) => Step[] | null;

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** A device no scenario has, matching `accept`: a few random tries, then none. */
function pickFree(ctx: ScenarioContext, from: readonly SimDevice[], accept: (device: SimDevice) => boolean) {
  if (from.length === 0) return undefined;
  for (let attempt = 0; attempt < 8; attempt++) {
    const device = ctx.random.pick(from);
    if (device.busyUntil <= ctx.now && accept(device)) return device;
  }
  return undefined;
}

const online = (device: SimDevice) => device.connected;
/** What a device says when it comes back: connected, and recording again if it records. */
const back = (device: SimDevice): ReportFields =>
  device.records ? { connected: true, recording: true } : { connected: true };

/** Offline for `duration` ms, then back; the device is the scenario's until then. */
function downFor(ctx: ScenarioContext, device: SimDevice, duration: number): Step[] {
  device.busyUntil = ctx.now + duration + SECOND;
  return [
    { after: 0, device, fields: { connected: false } },
    { after: duration, device, fields: back(device) },
  ];
}

/** Shorter than the debounce: the portal must open nothing. */
const blip: Scenario = (ctx) => {
  const device = pickFree(ctx, ctx.fleet.all, online);
  if (!device) return null;
  const d = ctx.debounceMs;
  return downFor(ctx, device, Math.max(300, ctx.random.int(Math.round(d * 0.1), Math.round(d * 0.5))));
};

/** Longer than the debounce: one incident, resolved when the device returns. */
const outage: Scenario = (ctx) => {
  const device = pickFree(ctx, ctx.fleet.all, online);
  if (!device) return null;
  const d = Math.max(ctx.debounceMs, SECOND);
  return downFor(ctx, device, ctx.random.int(Math.round(d * 1.3), Math.round(d * 2.5)));
};

/**
 * A server goes down and every device behind it follows within seconds (one incident: the server's); it
 * returns, its devices with it, but about one in eight stays down a while (they open incidents of their own).
 */
const serverOutage: Scenario = (ctx) => {
  const server = pickFree(
    ctx,
    ctx.fleet.parents,
    (candidate) => online(candidate) && candidate.children.every((child) => child.busyUntil <= ctx.now),
  );
  if (!server) return null;
  const { random } = ctx;
  const d = Math.max(ctx.debounceMs, SECOND);
  const returns = random.int(Math.round(d * 1.3), Math.round(d * 2));
  const steps: Step[] = [{ after: 0, device: server, fields: { connected: false } }];
  let end = returns;
  for (const child of server.children) {
    steps.push({
      after: random.int(0, Math.min(2 * SECOND, d / 4)),
      device: child,
      fields: { connected: false },
    });
    const late = random.chance(1 / 8) ? random.int(Math.round(d * 1.3), Math.round(d * 2)) : 0;
    const at = returns + random.int(0, 3 * SECOND) + late;
    steps.push({ after: at, device: child, fields: back(child) });
    end = Math.max(end, at);
  }
  steps.push({ after: returns, device: server, fields: back(server) });
  for (const device of [server, ...server.children]) device.busyUntil = ctx.now + end + SECOND;
  return steps;
};

/** 3 → 4 → 10 → 11 (success), or 3 → 5 (download failed), or … 10 → 12 (upgrade failed). */
const firmwareUpgrade: Scenario = (ctx) => {
  const device = pickFree(ctx, ctx.fleet.upgradable, online);
  if (!device) return null;
  const { random } = ctx;
  const recording = device.records ? { recording: false } : {};
  const resumed = device.records ? { recording: true } : {};
  const steps: Step[] = [{ after: 0, device, fields: { firmwareUpgradeState: 3, ...recording } }];
  let t = random.int(3 * SECOND, 15 * SECOND);
  if (random.chance(0.05)) {
    steps.push({ after: t, device, fields: { firmwareUpgradeState: 5, ...resumed } });
  } else {
    steps.push({ after: t, device, fields: { firmwareUpgradeState: 4 } });
    t += random.int(2 * SECOND, 10 * SECOND);
    steps.push({ after: t, device, fields: { firmwareUpgradeState: 10 } });
    t += random.int(10 * SECOND, 40 * SECOND);
    steps.push({
      after: t,
      device,
      fields: { firmwareUpgradeState: random.chance(0.07) ? 12 : 11, ...resumed },
    });
  }
  device.busyUntil = ctx.now + t + SECOND;
  return steps;
};

/** Server conditions: how often each comes up, and how long it holds (ms). */
const SERVER_FLAGS: readonly {
  weight: number;
  value: { flag: ReportedStatusFlag; min: number; max: number };
}[] = [
  { weight: 6, value: { flag: 'diskFailed', min: MINUTE, max: 10 * MINUTE } },
  { weight: 3, value: { flag: 'smartError', min: 2 * MINUTE, max: 10 * MINUTE } },
  { weight: 8, value: { flag: 'serverCPUHigh', min: 10 * SECOND, max: 2 * MINUTE } },
  { weight: 5, value: { flag: 'serverMemoryHigh', min: 20 * SECOND, max: 3 * MINUTE } },
  { weight: 5, value: { flag: 'networkHigh', min: 10 * SECOND, max: 2 * MINUTE } },
  { weight: 2, value: { flag: 'serverLoginFailed', min: 30 * SECOND, max: 5 * MINUTE } },
  { weight: 2, value: { flag: 'networkSessionHigh', min: 20 * SECOND, max: 3 * MINUTE } },
];

/** A disk failure, a CPU, memory or network spike, failed logins…: raised, then cleared. */
const serverFlag: Scenario = (ctx) => {
  const server = pickFree(ctx, ctx.fleet.servers, online);
  if (!server) return null;
  const { flag, min, max } = ctx.random.weighted(SERVER_FLAGS);
  const hold = ctx.random.int(min, max);
  server.busyUntil = ctx.now + hold + SECOND;
  return [
    { after: 0, device: server, fields: { status: { [flag]: true } } },
    { after: hold, device: server, fields: { status: { [flag]: false } } },
  ];
};

/** A camera's SD card or stream fails, and is fixed later. */
const recordingFailure: Scenario = (ctx) => {
  const camera = pickFree(ctx, ctx.fleet.cameras, online);
  if (!camera) return null;
  const hold = ctx.random.int(MINUTE, 10 * MINUTE);
  camera.busyUntil = ctx.now + hold + SECOND;
  return [
    { after: 0, device: camera, fields: { recording: false, status: { recordFailed: true } } },
    { after: hold, device: camera, fields: { recording: true, status: { recordFailed: false } } },
  ];
};

/** A device dies and stays down until a repair. */
const breakdown: Scenario = (ctx) => {
  const device = pickFree(ctx, ctx.fleet.all, online);
  return device ? [{ after: 0, device, fields: { connected: false } }] : null;
};

/** A device that was down (since the seed, or a breakdown) is fixed. */
const repair: Scenario = (ctx) => {
  const device = pickFree(ctx, ctx.fleet.all, (candidate) => !candidate.connected);
  return device ? [{ after: 0, device, fields: back(device) }] : null;
};

export const SCENARIOS: readonly { weight: number; value: { kind: ScenarioKind; play: Scenario } }[] = [
  { weight: 25, value: { kind: 'blip', play: blip } },
  { weight: 12, value: { kind: 'outage', play: outage } },
  { weight: 4, value: { kind: 'server outage', play: serverOutage } },
  { weight: 15, value: { kind: 'firmware upgrade', play: firmwareUpgrade } },
  { weight: 31, value: { kind: 'server flag', play: serverFlag } },
  { weight: 6, value: { kind: 'recording failure', play: recordingFailure } },
  { weight: 2, value: { kind: 'breakdown', play: breakdown } },
  { weight: 2, value: { kind: 'repair', play: repair } },
];

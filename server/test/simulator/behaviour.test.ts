import type { IngestDevice, IngestPlatform } from '@portal/contracts/ingest';
import { describe, expect, it } from 'vitest';
import { Behaviour, type SimReport } from '../../src/simulator/behaviour.ts';
import { buildFleet } from '../../src/simulator/fleet.ts';

type Listed = IngestDevice & { platform: IngestPlatform };

/** 200 cameras, 10 VSS servers with 8 cameras each, 5 NVRs with 4 channels, 5 speakers; a few down. */
function devices(): Listed[] {
  const list: Listed[] = [];
  const id = (n: number) => `DEV${String(n).padStart(9, '0')}`;
  let n = 0;
  const add = (device: Omit<Listed, 'id' | 'connected' | 'recording'>, connected = true) => {
    const entry = { ...device, id: id(n++), connected, recording: connected };
    list.push(entry);
    return entry.id;
  };
  for (let i = 0; i < 200; i++)
    add({ platform: 'VORTEX', type: 'CAMERA', category: 'CAMERA', serverId: null }, i % 40 !== 0);
  for (let s = 0; s < 10; s++) {
    const server = add({ platform: 'VSS', type: 'VSS', category: 'SERVER', serverId: null });
    for (let c = 0; c < 8; c++)
      add({ platform: 'VSS', type: 'CAMERA', category: 'CAMERA', serverId: server });
  }
  for (let s = 0; s < 5; s++) {
    const nvr = add({ platform: 'VORTEX', type: 'NVR', category: 'SERVER', serverId: null });
    for (let c = 0; c < 4; c++)
      add({ platform: 'VORTEX', type: 'NVR_CHANNEL', category: 'CAMERA', serverId: nvr });
  }
  for (let s = 0; s < 5; s++) add({ platform: 'VORTEX', type: 'IP_SPEAKER', category: null, serverId: null });
  return list;
}

const DEBOUNCE_S = 10;

/** `minutes` of virtual time at `rate` reports/s, ticks of 100 ms, each report with its virtual time. */
function play(seed: number, minutes: number, rate = 50) {
  const behaviour = new Behaviour(buildFleet(devices()), {
    seed,
    debounceSeconds: DEBOUNCE_S,
    scenarioShare: 0.05,
    idPrefix: 'test',
  });
  const out: (SimReport & { t: number })[] = [];
  for (let t = 0; t < minutes * 60_000; t += 100) {
    const at = new Date(1_700_000_000_000 + t).toISOString();
    for (const report of behaviour.take(rate / 10, t, at)) out.push({ ...report, t });
  }
  return { behaviour, out };
}

const shape = (reports: SimReport[]) =>
  reports.map(({ platform, report: { id: _id, at: _at, ...rest } }) => JSON.stringify([platform, rest]));

describe('simulator behaviour', () => {
  it('is deterministic: the same seed gives the same reports, another seed others', () => {
    const one = shape(play(7, 5).out);
    expect(shape(play(7, 5).out)).toEqual(one);
    expect(shape(play(8, 5).out)).not.toEqual(one);
    expect(new Set(play(7, 1).out.map((r) => r.report.id)).size).toBe(one.length / 5);
  });

  it('plays every scenario, with blips under the debounce and outages over it', () => {
    const { behaviour, out } = play(3, 30);
    for (const [kind, n] of Object.entries(behaviour.started)) expect(n, kind).toBeGreaterThan(0);

    // Offline spells per device (from its report saying disconnected to the one saying connected).
    const downSince = new Map<string, number>();
    const spells: number[] = [];
    for (const { report, t } of out) {
      if (report.connected === false && !downSince.has(report.deviceId)) downSince.set(report.deviceId, t);
      if (report.connected === true && downSince.has(report.deviceId)) {
        spells.push(t - (downSince.get(report.deviceId) as number));
        downSince.delete(report.deviceId);
      }
    }
    expect(spells.some((ms) => ms < DEBOUNCE_S * 1000 * 0.6)).toBe(true);
    expect(spells.some((ms) => ms > DEBOUNCE_S * 1000 * 1.2)).toBe(true);

    // Every report is for a device of its key's platform, and only VORTEX devices report firmware.
    const fleet = buildFleet(devices());
    const wrong = out.filter(
      ({ platform, report }) =>
        fleet.byId.get(report.deviceId)?.platform !== platform ||
        (report.firmwareUpgradeState !== undefined && platform !== 'VORTEX'),
    );
    expect(wrong).toEqual([]);
  });

  it('upgrades firmware 3 → 4 → 10 → 11, failing at 5 or 12 now and then', () => {
    const { out } = play(5, 60, 20);
    const sequences = new Map<string, number[]>();
    for (const { report } of out) {
      if (report.firmwareUpgradeState === undefined) continue;
      const list = sequences.get(report.deviceId) ?? [];
      list.push(report.firmwareUpgradeState);
      sequences.set(report.deviceId, list);
    }
    const next: Record<number, number[]> = { 3: [4, 5], 4: [10], 5: [3], 10: [11, 12], 11: [3], 12: [3] };
    const ends = new Set<number>();
    for (const sequence of sequences.values()) {
      expect(sequence[0]).toBe(3);
      sequence.forEach((state, i) => {
        const following = sequence[i + 1];
        if (following !== undefined) expect(next[state]).toContain(following);
        if (state === 11 || state === 5 || state === 12) ends.add(state);
      });
    }
    expect(ends.has(11)).toBe(true);
    expect(ends.has(5) || ends.has(12)).toBe(true);
  });

  it('takes a server’s devices down with it, within seconds, and back', () => {
    const { out } = play(11, 30);
    const fleet = buildFleet(devices());
    let outages = 0;
    for (const [i, { report, t }] of out.entries()) {
      const server = fleet.byId.get(report.deviceId);
      if (!server?.children.length || report.connected !== false) continue;
      const soon = out.slice(i, i + 2000).filter((r) => r.t <= t + 2500 && r.report.connected === false);
      const down = new Set(soon.map((r) => r.report.deviceId));
      if (server.children.every((child) => down.has(child.id))) outages += 1;
    }
    expect(outages).toBeGreaterThan(0);
  });
});

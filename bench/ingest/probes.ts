/**
 * What the ingest bench measures while the load runs, through the API a dealer's screens use (company token
 * of the large dealer):
 *   - report → visible: a probe camera's `recording` flipped inside a load batch, until the site's device
 *     list (GET /api/user-portal/sites/{site}/devices) shows it;
 *   - report → incident: a probe camera reported offline, until GET /api/user-portal/companies/incidents
 *     lists its open incident, minus the debounce;
 *   - the storm: a VSS server and the 64 cameras behind it offline in one batch → exactly one incident (the
 *     server's, counting 64), none for the cameras; then all back → that incident resolved.
 */
import type { Incident, IncidentPage } from '@portal/contracts/incidents';
import type { FirstPlatformDevice } from '@portal/contracts/organizations';
import { bearer } from '../support/session.ts';
import type { IngestFixture } from './fixture.ts';
import type { IngestLoad } from './load.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Api {
  url: string;
  token: string;
}

async function get<T>(api: Api, path: string): Promise<T> {
  const res = await fetch(`${api.url}${path}`, { headers: bearer(api.token) });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Polls until `check` holds; resolves with the time (performance.now) it first did, or null at the timeout. */
async function until(check: () => Promise<boolean>, everyMs: number, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check()) return performance.now();
    await sleep(everyMs);
  }
  return null;
}

export const openIncidents = (api: Api, deviceId: string, state = 'open') =>
  get<IncidentPage>(api, `/api/user-portal/companies/incidents?state=${state}&deviceId=${deviceId}`).then(
    (page) => page.items,
  );

export interface ProbeResults {
  visibleMs: number[];
  visibleTimeouts: number;
  incidentMs: number[];
  incidentTimeouts: number;
}

/**
 * Runs the probes until `stop()` says so: a visibility probe every `visibleEveryMs` on the first half of the
 * probe cameras, an incident probe every 3 s on the other half (each camera rests ~60 s between turns,
 * longer than the debounce, so its incident opens anew instead of reopening).
 */
export async function runProbes(options: {
  api: Api;
  load: IngestLoad;
  fixture: IngestFixture;
  debounceSeconds: number;
  stop: () => boolean;
  visibleEveryMs?: number;
}): Promise<ProbeResults> {
  const { api, load, fixture, debounceSeconds, stop } = options;
  const results: ProbeResults = { visibleMs: [], visibleTimeouts: 0, incidentMs: [], incidentTimeouts: 0 };
  const half = Math.floor(fixture.probeCameras.length / 2);
  const visibleCameras = fixture.probeCameras.slice(0, half);
  const incidentCameras = fixture.probeCameras.slice(half);
  const recording = new Map(visibleCameras.map((id) => [id, true]));

  const visibility = async () => {
    for (let i = 0; !stop(); i++) {
      const deviceId = visibleCameras[i % visibleCameras.length] as string;
      const wanted = !recording.get(deviceId);
      recording.set(deviceId, wanted);
      const sentAt = await load.inject('VORTEX', deviceId, { recording: wanted });
      const seenAt = await until(
        async () => {
          const list = await get<{ devices: FirstPlatformDevice[] }>(
            api,
            `/api/user-portal/sites/${fixture.siteId}/devices`,
          );
          return list.devices.find((device) => device.id === deviceId)?.recording === wanted;
        },
        25,
        30_000,
      );
      if (seenAt === null) results.visibleTimeouts += 1;
      else results.visibleMs.push(seenAt - sentAt);
      await sleep(options.visibleEveryMs ?? 300);
    }
  };

  const incidentProbe = async (deviceId: string) => {
    const sentAt = await load.inject('VORTEX', deviceId, { connected: false });
    await sleep(Math.max(0, debounceSeconds * 1000 - 500));
    const seenAt = await until(async () => (await openIncidents(api, deviceId)).length > 0, 100, 60_000);
    if (seenAt === null) results.incidentTimeouts += 1;
    else results.incidentMs.push(seenAt - sentAt - debounceSeconds * 1000);
    await load.inject('VORTEX', deviceId, { connected: true, recording: true });
  };

  const incidents = async () => {
    const flows: Promise<void>[] = [];
    for (let i = 0; !stop(); i++) {
      flows.push(incidentProbe(incidentCameras[i % incidentCameras.length] as string));
      for (let waited = 0; waited < 3000 && !stop(); waited += 250) await sleep(250);
    }
    await Promise.all(flows);
  };

  await Promise.all([visibility(), incidents()]);
  return results;
}

export interface StormResult {
  /** From the storm's batch to the server's incident in the list, minus the debounce, ms. */
  incidentMs: number | null;
  serverIncidents: Incident[];
  affectedDevices: number | null;
  cameraIncidents: number;
}

/** The storm: offline at `downAtMs` from now, back at `upAtMs` (not before its incident showed). */
export async function runStorm(options: {
  api: Api;
  load: IngestLoad;
  fixture: IngestFixture;
  debounceSeconds: number;
  downAtMs: number;
  upAtMs: number;
}): Promise<{ incidentMs: number | null; affectedDevices: number | null }> {
  const { api, load, fixture, debounceSeconds } = options;
  const begun = performance.now();
  await sleep(options.downAtMs);
  const down = [fixture.stormServer, ...fixture.stormCameras].map((deviceId) =>
    load.inject('VSS', deviceId, { connected: false }),
  );
  const sentAt = Math.min(...(await Promise.all(down)));
  let affected: number | null = null;
  const seenAt = await until(
    async () => {
      const [incident] = await openIncidents(api, fixture.stormServer);
      affected = incident?.affectedDevices ?? null;
      return incident !== undefined;
    },
    100,
    debounceSeconds * 1000 + 60_000,
  );
  await sleep(Math.max(0, options.upAtMs - (performance.now() - begun)));
  await Promise.all(
    [fixture.stormServer, ...fixture.stormCameras].map((deviceId) =>
      load.inject('VSS', deviceId, { connected: true, recording: true }),
    ),
  );
  return {
    incidentMs: seenAt === null ? null : seenAt - sentAt - debounceSeconds * 1000,
    affectedDevices: affected,
  };
}

/** After the load: every incident the storm left (server: exactly one, resolved; cameras: none). */
export async function stormOutcome(api: Api, fixture: IngestFixture) {
  const serverIncidents = await openIncidents(api, fixture.stormServer, 'all');
  let cameraIncidents = 0;
  for (const camera of fixture.stormCameras)
    cameraIncidents += (await openIncidents(api, camera, 'all')).length;
  return { serverIncidents, cameraIncidents };
}

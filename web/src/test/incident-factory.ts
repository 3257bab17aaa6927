import type { Incident, IncidentDetail } from '@portal/contracts/incidents';

let next = 1;

/** One incident as the server lists it; an open camera-offline incident unless told otherwise. */
export function buildIncident(overrides: Partial<Incident> = {}): Incident {
  const id = String(next++);
  return {
    id,
    organizationId: '11111111-1111-4111-8111-111111111111',
    organizationName: 'Harbour Cafe',
    siteId: 'site-a',
    siteName: 'Head office',
    deviceId: `cam-${id}`,
    deviceName: `Camera ${id}`,
    deviceType: 'CAMERA',
    category: 'CAMERA',
    type: 'OFFLINE',
    startedAt: new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString(),
    resolvedAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    affectedDevices: 0,
    mutedUntil: null,
    ...overrides,
  };
}

export function buildIncidentDetail(
  incident: Incident,
  events: IncidentDetail['events'] = [{ at: incident.startedAt, kind: 'opened', by: null }],
): IncidentDetail {
  return { ...incident, events };
}

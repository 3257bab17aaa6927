import type { ObmSendRequest, OrganizationService } from '@portal/contracts/platform';
import { type RemoteAccessState, remoteAccessState } from './remote-access-state.ts';

/** Where remote access can go: the customer's portal (the VORTEX service) or one of its servers. */
export interface EntryPoint {
  /** 'portal' or the service's device id. */
  id: string;
  kind: 'portal' | 'service';
  name: string;
  service: OrganizationService;
  state: RemoteAccessState;
}

export const PORTAL_ENTRY_ID = 'portal';

/** The portal first, then each server service that belongs to a site. */
export function entryPointsOf(services: readonly OrganizationService[]): EntryPoint[] {
  const portal = services.find((service) => service.serviceType === 'VORTEX');
  const servers = services.filter((service) => service.serviceType !== 'VORTEX' && service.siteId !== null);
  return [
    ...(portal
      ? [
          {
            id: PORTAL_ENTRY_ID,
            kind: 'portal' as const,
            name: portal.name,
            service: portal,
            state: remoteAccessState(portal.remoteAccess),
          },
        ]
      : []),
    ...servers.map((service) => ({
      id: service.deviceId,
      kind: 'service' as const,
      name: service.name,
      service,
      state: remoteAccessState(service.remoteAccess),
    })),
  ];
}

/** The obm-send-request body for one server (SPEC §7: siteId and server{deviceId, name, type, ip}). */
export function serverRequestBody(service: OrganizationService): ObmSendRequest {
  return [
    {
      siteId: service.siteId ?? '',
      server: {
        deviceId: service.deviceId,
        name: service.name.slice(0, 64),
        type: service.serviceType,
        ip: service.ipAddressList[0] ?? '',
      },
    },
  ];
}

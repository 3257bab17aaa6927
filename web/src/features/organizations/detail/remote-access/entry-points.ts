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
  /** Servers only; the portal is always reachable. */
  connected: boolean;
  /**
   * Whether it can be chosen: a disconnected server cannot be asked for (the server refuses it too), but one
   * with a pending request or granted access stays choosable so its request can be followed or aborted.
   */
  selectable: boolean;
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
            connected: true,
            selectable: true,
          },
        ]
      : []),
    ...servers.map((service) => {
      const state = remoteAccessState(service.remoteAccess);
      return {
        id: service.deviceId,
        kind: 'service' as const,
        name: service.name,
        service,
        state,
        connected: service.connected,
        selectable: service.connected || state !== 'disabled',
      };
    }),
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

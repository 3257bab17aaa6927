import type { Incident } from '@portal/contracts/incidents';
import type { PartnerIncident } from '@portal/contracts/partner-api';

/** The portal's incident in the partner API's words (customer for organization). */
export function toPartnerIncident(incident: Incident): PartnerIncident {
  return {
    id: incident.id,
    customerId: incident.organizationId,
    customerName: incident.organizationName,
    siteId: incident.siteId,
    siteName: incident.siteName,
    deviceId: incident.deviceId,
    deviceName: incident.deviceName,
    deviceType: incident.deviceType,
    category: incident.category,
    type: incident.type,
    startedAt: incident.startedAt,
    resolvedAt: incident.resolvedAt,
    acknowledgedAt: incident.acknowledgedAt,
    acknowledgedBy: incident.acknowledgedBy,
    affectedDevices: incident.affectedDevices,
  };
}

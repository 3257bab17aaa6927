import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import type { OrganizationRow, RemoteAccessRequestRow, ServiceRow } from './dataset.ts';
import { minutesBefore } from './random.ts';

const STATES = ['requesting', 'requesting', 'approved', 'approved', 'denied', 'aborted', 'expired'] as const;
const REQUEST_LIFETIME_MINUTES = 24 * 60;

/**
 * A few remote-access requests of a dealer in every state, alternating between the customer's portal and
 * one of its services. Pending requests set the organization's (or service's) requesting flag; approved
 * ones leave remote access enabled.
 */
export function generateRemoteAccess(
  faker: Faker,
  now: Date,
  organizations: OrganizationRow[],
  services: ServiceRow[],
  requesterIds: string[],
): RemoteAccessRequestRow[] {
  const requests: RemoteAccessRequestRow[] = [];
  const chosen = faker.helpers.arrayElements(organizations, Math.min(STATES.length, organizations.length));
  chosen.forEach((organization, index) => {
    const state = STATES[index]!;
    const service = index % 2 === 1 ? services.find((s) => s.organization_id === organization.id) : undefined;
    const ageMinutes =
      state === 'requesting'
        ? faker.number.int({ min: 5, max: 600 })
        : faker.number.int({ min: 1500, max: 20_000 });
    const requestedAt = minutesBefore(now, ageMinutes);
    const token = faker.string.alphanumeric(32);
    organization.remote_access_enabled = true;
    if (service) {
      service.remote_access_enabled = true;
      if (state === 'requesting') service.remote_access_requesting = true;
      if (state === 'approved')
        service.frp_url = `https://frp-${service.device_id.toLowerCase()}.relay.lumora.example`;
    } else if (state === 'requesting') {
      organization.remote_access_requesting = true;
    }
    const expiresAt = new Date(requestedAt.getTime() + REQUEST_LIFETIME_MINUTES * 60_000);
    requests.push({
      id: faker.string.uuid(),
      organization_id: organization.id,
      requested_by_user_id: faker.helpers.arrayElement(requesterIds),
      entry_point: service ? 'service' : 'portal',
      service_device_id: service?.device_id ?? null,
      state,
      approval_token_hash: state === 'requesting' ? createHash('sha256').update(token).digest('hex') : null,
      requested_at: requestedAt,
      decided_at: decidedAt(state, requestedAt, expiresAt),
      expires_at: expiresAt,
    });
  });
  return requests;
}

function decidedAt(state: (typeof STATES)[number], requestedAt: Date, expiresAt: Date): Date | null {
  if (state === 'requesting') return null;
  if (state === 'expired') return expiresAt;
  return new Date(requestedAt.getTime() + 30 * 60_000);
}

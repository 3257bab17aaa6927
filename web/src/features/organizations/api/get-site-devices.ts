import { type FirstPlatformDevice, firstPlatformDeviceSchema } from '@portal/contracts/organizations';
import { type SecondPlatformDevice, secondPlatformDeviceSchema } from '@portal/contracts/platform';
import { organizationToken, platformApi, segment, userPortalApi } from '@/shared/api/clients.ts';
import { parseListInSlices } from '@/shared/lib/parse-in-slices.ts';

/** GET /sites/{siteId}/devices (user portal): the first platform's devices, sub-devices flattened. */
export async function getFirstPlatformSiteDevices(
  siteId: string,
  signal?: AbortSignal,
): Promise<FirstPlatformDevice[]> {
  const body = await userPortalApi(`/sites/${segment(siteId)}/devices`, { signal });
  return parseListInSlices('devices', firstPlatformDeviceSchema, body);
}

/** GET /v1/sites/{siteId}/devices (second platform, the organization's token). */
export async function getSecondPlatformSiteDevices(
  orgId: string,
  siteId: string,
  signal?: AbortSignal,
): Promise<SecondPlatformDevice[]> {
  const body = await platformApi(`/v1/sites/${segment(siteId)}/devices`, {
    signal,
    token: organizationToken(orgId),
  });
  return parseListInSlices('devices', secondPlatformDeviceSchema, body);
}

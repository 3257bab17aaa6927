import { type FirstPlatformDevice, firstPlatformDeviceSchema } from '@portal/contracts/organizations';
import { type SecondPlatformDevice, secondPlatformDeviceSchema } from '@portal/contracts/platform';
import { organizationToken, platformApi, segment, userPortalApi } from '@/shared/api/clients.ts';
import { parseListInSlices } from '@/shared/lib/parse-in-slices.ts';

/**
 * GET /sites/{siteId}/devices (user portal): the first platform's devices, sub-devices flattened, each turned
 * into what the screen shows by `map` as it is parsed.
 */
export async function getFirstPlatformSiteDevices<R>(
  siteId: string,
  map: (device: FirstPlatformDevice) => R,
  signal?: AbortSignal,
): Promise<R[]> {
  const body = await userPortalApi(`/sites/${segment(siteId)}/devices`, { signal });
  return parseListInSlices('devices', firstPlatformDeviceSchema, body, map);
}

/** GET /v1/sites/{siteId}/devices (second platform, the organization's token), each device through `map`. */
export async function getSecondPlatformSiteDevices<R>(
  orgId: string,
  siteId: string,
  map: (device: SecondPlatformDevice) => R,
  signal?: AbortSignal,
): Promise<R[]> {
  const body = await platformApi(`/v1/sites/${segment(siteId)}/devices`, {
    signal,
    token: organizationToken(orgId),
  });
  return parseListInSlices('devices', secondPlatformDeviceSchema, body, map);
}

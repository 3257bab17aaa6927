import { type FirstPlatformDevice, firstPlatformDeviceListSchema } from '@portal/contracts/organizations';
import { type SecondPlatformDevice, secondPlatformDeviceListSchema } from '@portal/contracts/platform';
import { organizationToken, platformApi, segment, userPortalApi } from '@/shared/api/clients.ts';

/** GET /sites/{siteId}/devices (user portal): the first platform's devices, sub-devices flattened. */
export async function getFirstPlatformSiteDevices(
  siteId: string,
  signal?: AbortSignal,
): Promise<FirstPlatformDevice[]> {
  return firstPlatformDeviceListSchema.parse(
    await userPortalApi(`/sites/${segment(siteId)}/devices`, { signal }),
  ).devices;
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
  return secondPlatformDeviceListSchema.parse(body).devices;
}

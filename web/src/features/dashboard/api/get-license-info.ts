import { licenseInfoListSchema } from '@portal/contracts/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { defaultServiceApi } from '@/shared/api/clients.ts';
import { dashboardKeys } from './query-keys.ts';

export type LicenseInfo = z.infer<typeof licenseInfoListSchema>['model'][number];

/** GET /license/info (default service): the license catalogue. */
export async function getLicenseInfo(signal?: AbortSignal): Promise<LicenseInfo[]> {
  return licenseInfoListSchema.parse(await defaultServiceApi('/license/info', signal ? { signal } : {}))
    .model;
}

export const licenseInfoQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.licenseInfo(),
    queryFn: ({ signal }) => getLicenseInfo(signal),
    staleTime: 10 * 60_000,
    meta: { hideNotification: true },
  });

export const useLicenseInfo = () => useQuery(licenseInfoQuery());

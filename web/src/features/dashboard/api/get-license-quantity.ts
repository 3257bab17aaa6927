import { licenseQuantityListSchema } from '@portal/contracts/statistics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { defaultServiceApi } from '@/shared/api/clients.ts';
import { dashboardKeys } from './query-keys.ts';

export type LicenseQuantity = z.infer<typeof licenseQuantityListSchema>['items'][number];

/** GET /license/quantity (default service): the company's licenses in stock. */
export async function getLicenseQuantity(signal?: AbortSignal): Promise<LicenseQuantity[]> {
  return licenseQuantityListSchema.parse(
    await defaultServiceApi('/license/quantity', signal ? { signal } : {}),
  ).items;
}

export const licenseQuantityQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.licenseQuantity(),
    queryFn: ({ signal }) => getLicenseQuantity(signal),
    meta: { hideNotification: true },
  });

export const useLicenseQuantity = () => useQuery(licenseQuantityQuery());

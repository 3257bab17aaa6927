import {
  type CompanyInfo,
  companyInfoSchema,
  type updateCompanyInfoSchema,
} from '@portal/contracts/reseller';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { resellerApi } from '@/shared/api/clients.ts';
import { companyKeys } from './query-keys.ts';

export type UpdateCompanyNameInput = z.input<typeof updateCompanyInfoSchema>;

/** PATCH /v1/companies/info {name} (owner only). */
export async function updateCompanyName(input: UpdateCompanyNameInput): Promise<CompanyInfo> {
  return companyInfoSchema.parse(await resellerApi('/v1/companies/info', { method: 'PATCH', body: input }));
}

export function useUpdateCompanyName() {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog tells the user what failed, with the spec's message.
    meta: { hideNotification: true },
    mutationFn: updateCompanyName,
    onSuccess: (company) => queryClient.setQueryData(companyKeys.info(), company),
  });
}

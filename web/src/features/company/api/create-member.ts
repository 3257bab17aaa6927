import { type createMemberSchema, type Member, memberSchema } from '@portal/contracts/reseller';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { resellerApi } from '@/shared/api/clients.ts';
import { companyKeys } from './query-keys.ts';

export type CreateMemberInput = z.input<typeof createMemberSchema>;

/** POST /v1/companies/{companyId}/users {email, name} (owner only; 409 USER_EXIST for a known email). */
export async function createMember(companyId: string, input: CreateMemberInput): Promise<Member> {
  const path = `/v1/companies/${encodeURIComponent(companyId)}/users`;
  return memberSchema.parse(await resellerApi(path, { method: 'POST', body: input }));
}

export function useCreateMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog tells the user what failed, with the spec's message.
    meta: { hideNotification: true },
    mutationFn: (input: CreateMemberInput) => createMember(companyId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.members(companyId) }),
  });
}

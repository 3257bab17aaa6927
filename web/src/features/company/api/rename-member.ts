import { type Member, memberSchema } from '@portal/contracts/reseller';
import { profileNameSchema } from '@portal/contracts/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { companyKeys } from './query-keys.ts';
import { resellerApi } from './reseller-api.ts';

export interface RenameMemberInput {
  userId: string;
  name: string;
}

/** PATCH /v1/users/{id} {name}: the owner renames a member (or themself). */
export async function renameMember({ userId, name }: RenameMemberInput): Promise<Member> {
  const path = `/v1/users/${encodeURIComponent(userId)}`;
  return memberSchema.parse(await resellerApi(path, { method: 'PATCH', body: { name } }));
}

export function useRenameMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog tells the user what failed, with the spec's message.
    meta: { hideNotification: true },
    mutationFn: renameMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.members(companyId) }),
  });
}

/** The rename form's schema: the profile name rules of SPEC §5, as the server checks them. */
export const renameMemberFormSchema = z.object({ name: profileNameSchema });

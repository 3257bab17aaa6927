import { profileNameSchema } from '@portal/contracts/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { updateUser } from '@/shared/api/users.ts';
import { companyKeys } from './query-keys.ts';

export interface RenameMemberInput {
  userId: string;
  name: string;
}

export function useRenameMember(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog tells the user what failed, with the spec's message.
    meta: { hideNotification: true },
    // PATCH /v1/users/{id} {name}: the owner renames a member (or themself).
    mutationFn: ({ userId, name }: RenameMemberInput) => updateUser(userId, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.members(companyId) }),
  });
}

/** The rename form's schema: the profile name rules of SPEC §5, as the server checks them. */
export const renameMemberFormSchema = z.object({ name: profileNameSchema });

import { type Member, memberSchema } from '@portal/contracts/reseller';
import { profileNameSchema } from '@portal/contracts/validation';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { createApiClient } from '../../../shared/lib/api-client.ts';

const resellerApi = createApiClient('reseller');

/** The profile form: the name rules of SPEC §5, as the server checks them. */
export const profileFormSchema = z.object({ name: profileNameSchema });
export type ProfileForm = z.input<typeof profileFormSchema>;

/** PATCH /v1/users/{id} {name}: the signed-in user renames themself. */
export async function updateProfileName(userId: string, name: string): Promise<Member> {
  const path = `/v1/users/${encodeURIComponent(userId)}`;
  return memberSchema.parse(await resellerApi(path, { method: 'PATCH', body: { name } }));
}

export function useUpdateProfileName(userId: string) {
  return useMutation({
    mutationFn: (name: string) => updateProfileName(userId, name),
    // The dialog shows 'Failed to save.' itself.
    meta: { hideNotification: true },
  });
}

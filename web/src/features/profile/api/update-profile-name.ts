import { profileNameSchema } from '@portal/contracts/validation';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { updateUser } from '@/shared/api/users.ts';

/** The profile form: the name rules of SPEC §5, as the server checks them. */
export const profileFormSchema = z.object({ name: profileNameSchema });

export function useUpdateProfileName(userId: string) {
  return useMutation({
    // PATCH /v1/users/{id} {name}: the signed-in user renames themself.
    mutationFn: (name: string) => updateUser(userId, { name }),
    // The dialog shows 'Failed to save.' itself.
    meta: { hideNotification: true },
  });
}

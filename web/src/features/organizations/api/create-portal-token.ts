import { type OneTimePortalToken, oneTimePortalTokenSchema } from '@portal/contracts/platform';
import { useMutation } from '@tanstack/react-query';
import { segment, userPortalAuthApi } from '@/shared/api/clients.ts';

/**
 * POST /organizations/{orgId}/otp (user-portal auth, company token): a single-use token that opens the
 * customer's portal once remote access is enabled. Never cached (SPEC §4 Tokens): one call per opening.
 */
export async function createPortalToken(orgId: string): Promise<OneTimePortalToken> {
  return oneTimePortalTokenSchema.parse(
    await userPortalAuthApi(`/organizations/${segment(orgId)}/otp`, { method: 'POST' }),
  );
}

export function useCreatePortalToken(orgId: string) {
  return useMutation({
    meta: { hideNotification: true },
    mutationFn: () => createPortalToken(orgId),
  });
}

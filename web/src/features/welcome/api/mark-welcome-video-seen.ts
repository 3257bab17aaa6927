import type { Profile } from '@portal/contracts/reseller';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUser } from '@/shared/api/users.ts';
import { MY_PROFILE_QUERY_KEY } from './get-my-profile.ts';

/** PATCH /v1/users/{id} {welcomeVideoSeen: true}: the welcome video is not offered again. */
export async function markWelcomeVideoSeen(userId: string): Promise<void> {
  await updateUser(userId, { welcomeVideoSeen: true });
}

export function useMarkWelcomeVideoSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWelcomeVideoSeen,
    // Closed at once; should the call fail, the video is simply offered again at the next sign-in.
    onMutate: () =>
      queryClient.setQueryData<Profile>(MY_PROFILE_QUERY_KEY, (profile) =>
        profile ? { ...profile, welcomeVideoSeen: true } : profile,
      ),
    meta: { hideNotification: true },
  });
}

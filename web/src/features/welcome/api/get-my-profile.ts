import { meSchema, type Profile } from '@portal/contracts/reseller';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellerApi } from '@/shared/api/clients.ts';

export const MY_PROFILE_QUERY_KEY = ['welcome', 'me'] as const;

/** GET /v1/me: the profile, with whether the user has closed the welcome video once. */
export async function getMyProfile(signal?: AbortSignal): Promise<Profile> {
  return meSchema.parse(await resellerApi('/v1/me', signal ? { signal } : {})).profile;
}

export const myProfileQueryOptions = () =>
  queryOptions({
    queryKey: MY_PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getMyProfile(signal),
    staleTime: Number.POSITIVE_INFINITY,
    // Without the profile the welcome video simply is not offered; nothing to tell the user.
    meta: { hideNotification: true },
  });

export const useMyProfile = () => useQuery(myProfileQueryOptions());

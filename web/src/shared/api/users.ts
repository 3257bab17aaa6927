import type { Member, updateUserSchema } from '@portal/contracts/reseller';
import type { z } from 'zod';
import { resellerApi, segment } from './clients.ts';

export type UserChanges = z.input<typeof updateUserSchema>;

/** The reseller contracts' schemas stay out of the entry chunk (the language save is reachable from it). */
const parseMember = async (payload: unknown): Promise<Member> =>
  (await import('@portal/contracts/reseller')).memberSchema.parse(payload);

/**
 * PATCH /v1/users/{id}: a user's name (the user, or the company owner for a member), and the signed-in
 * user's language and welcome-video flag.
 */
export async function updateUser(userId: string, changes: UserChanges): Promise<Member> {
  return parseMember(await resellerApi(`/v1/users/${segment(userId)}`, { method: 'PATCH', body: changes }));
}

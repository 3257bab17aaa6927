import { ApiError } from '@/shared/lib/api-error.ts';

/** SPEC §8: a duplicate member email (409 USER_EXIST) has its own message; any other failed save is 'Failed to save.'. */
export function saveErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.extraType === 'USER_EXIST') return 'company.toast.emailExists';
  return 'company.toast.saveFailed';
}

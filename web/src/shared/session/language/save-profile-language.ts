import { updateUser } from '@/shared/api/users.ts';
import type { Language } from '@/shared/i18n/languages.ts';

/**
 * PATCH /v1/users/{id} {locale}: the signed-in user's language, kept on the profile so the next sign-in
 * restores it and every mail to the user (reset code, temporary password, remote access) is written in it.
 */
export async function saveProfileLanguage(userId: string, language: Language): Promise<void> {
  await updateUser(userId, { locale: language });
}

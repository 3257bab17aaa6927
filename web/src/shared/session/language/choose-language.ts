import type { QueryClient } from '@tanstack/react-query';
import { changeLanguage } from '@/shared/i18n/i18n.ts';
import type { Language } from '@/shared/i18n/languages.ts';
import { ACCOUNT_QUERY_KEY } from '../account-query.ts';
import type { AccountState } from '../account-state.ts';
import { noteChoiceWhileSignedOut } from './profile-language.ts';
import { saveProfileLanguage } from './save-profile-language.ts';

/**
 * The header's language choice: applied at once (and kept in this browser); when signed out, it is saved
 * to the profile at the next sign-in of this visit (profile-language.ts); when signed in, saved on the profile, and the cached account follows so a later account read does not switch back. A failed save
 * leaves the language changed for this visit only.
 */
export async function chooseLanguage(
  language: Language,
  signedIn: { userId: string; queryClient: QueryClient } | undefined,
  save: typeof saveProfileLanguage = saveProfileLanguage,
): Promise<void> {
  await changeLanguage(language);
  if (!signedIn) {
    noteChoiceWhileSignedOut(language);
    return;
  }
  signedIn.queryClient.setQueryData<AccountState>(ACCOUNT_QUERY_KEY, (account) =>
    account ? { ...account, user: { ...account.user, locale: language } } : account,
  );
  try {
    await save(signedIn.userId, language);
  } catch (error) {
    console.warn('The language could not be saved on the profile', error);
  }
}

import { changeLanguage } from '@/shared/i18n/i18n.ts';
import type { Language } from '@/shared/i18n/languages.ts';
import type { AccountState } from '../account-state.ts';
import { saveProfileLanguage } from './save-profile-language.ts';

/**
 * The language saved on the profile meets the browser's at sign-in. Only then: later account loads keep the
 * language on screen (every choice made while signed in is saved, so both agree; screenshot and test runs
 * that preset a language keep it). A choice made on the sign-in page during this visit is the newer
 * wish, so it is saved to the profile instead of being replaced.
 */
let signInPending = false;
let chosenWhileSignedOut: Language | undefined;

/** A sign-in has just succeeded; the next account load settles the language. */
export function noteSignIn(): void {
  signInPending = true;
}

/** The language menu was used while signed out (e.g. on /login). */
export function noteChoiceWhileSignedOut(language: Language): void {
  chosenWhileSignedOut = language;
}

/** Returns the account with the language now in effect. */
export async function settleLanguageAtSignIn(
  account: AccountState,
  save: typeof saveProfileLanguage = saveProfileLanguage,
): Promise<AccountState> {
  if (!signInPending) return account;
  signInPending = false;
  const chosen = chosenWhileSignedOut;
  chosenWhileSignedOut = undefined;
  if (chosen && chosen !== account.user.locale) {
    await save(account.user.id, chosen).catch((error: unknown) => {
      console.warn('The language could not be saved on the profile', error);
    });
    return { ...account, user: { ...account.user, locale: chosen } };
  }
  if (account.user.locale) await changeLanguage(account.user.locale);
  return account;
}

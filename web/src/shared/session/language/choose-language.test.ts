import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n.ts';
import { buildAccount, fakeSession } from '@/test/account-doubles.ts';
import { ACCOUNT_QUERY_KEY, accountQueryOptions } from '../account-query.ts';
import type { AccountState } from '../account-state.ts';
import { chooseLanguage } from './choose-language.ts';
import { noteSignIn, settleLanguageAtSignIn } from './profile-language.ts';

await initI18n('en');

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the language choice is kept on the profile', () => {
  it('signed in: switches, saves it for the user and updates the cached account', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(ACCOUNT_QUERY_KEY, buildAccount());
    const save = vi.fn(async () => undefined);
    await chooseLanguage('zh-TW', { userId: 'u-1', queryClient }, save);
    expect(i18n.language).toBe('zh-TW');
    expect(save).toHaveBeenCalledWith('u-1', 'zh-TW');
    expect(queryClient.getQueryData<AccountState>(ACCOUNT_QUERY_KEY)?.user.locale).toBe('zh-TW');
  });

  it('signed out: switches, and saves nothing until a sign-in', async () => {
    const save = vi.fn(async () => undefined);
    await chooseLanguage('zh-TW', undefined, save);
    expect(i18n.language).toBe('zh-TW');
    expect(save).not.toHaveBeenCalled();
    // Without a sign-in the pending choice is not saved either.
    expect(await settleLanguageAtSignIn(buildAccount(), save)).toEqual(buildAccount());
    expect(save).not.toHaveBeenCalled();
  });

  it('a failed save keeps the language for this visit', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const save = vi.fn(async () => {
      throw new Error('offline');
    });
    await chooseLanguage('zh-TW', { userId: 'u-1', queryClient: new QueryClient() }, save);
    expect(i18n.language).toBe('zh-TW');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('signing in restores the language saved on the profile', async () => {
    const account = buildAccount();
    const session = fakeSession({ ...account, user: { ...account.user, locale: 'zh-TW' as const } });
    noteSignIn();
    await new QueryClient().fetchQuery(accountQueryOptions(session));
    expect(i18n.language).toBe('zh-TW');
  });

  it('a later account load (no sign-in) keeps the language on screen', async () => {
    const account = buildAccount();
    const session = fakeSession({ ...account, user: { ...account.user, locale: 'zh-TW' as const } });
    await new QueryClient().fetchQuery(accountQueryOptions(session));
    expect(i18n.language).toBe('en');
  });

  it('a choice made on the sign-in page is saved to the profile at sign-in instead of being replaced', async () => {
    await chooseLanguage('zh-TW', undefined, vi.fn());
    noteSignIn();
    const save = vi.fn(async () => undefined);
    const account = buildAccount();
    const settled = await settleLanguageAtSignIn(
      { ...account, user: { ...account.user, locale: 'en' } },
      save,
    );
    expect(save).toHaveBeenCalledWith('u-1', 'zh-TW');
    expect(settled.user.locale).toBe('zh-TW');
    expect(i18n.language).toBe('zh-TW');
  });
});

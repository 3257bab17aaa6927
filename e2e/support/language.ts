import type { Page } from '@playwright/test';

export const LANGUAGE_STORAGE_KEY = 'partner-portal.language';

/** Makes every page of this test start in the given language (stored before the app reads it). */
export async function useLanguage(page: Page, language: 'en' | 'zh-TW'): Promise<void> {
  await page.addInitScript({
    content: `window.localStorage.setItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}, ${JSON.stringify(language)});`,
  });
}

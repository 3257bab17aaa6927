import { afterEach, describe, expect, it } from 'vitest';
import { FAILURE_MESSAGE_KEYS } from '@/features/auth/errors/auth-failure.ts';
import { renderLoginShell } from '../../../prerender/login-shell.ts';
import { formView } from './form-view.ts';

/** The pre-rendered page as the build writes it, in `language`. */
function shellIn(language: 'en' | 'zh-TW') {
  document.documentElement.lang = language;
  document.body.innerHTML = renderLoginShell().body;
  const shell = document.getElementById('prerendered-login');
  const form = document.getElementById('prerendered-login-form');
  if (!shell || !(form instanceof HTMLFormElement)) throw new Error('no pre-rendered form');
  return { shell, form, view: formView(shell, form) };
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.lang = '';
});

describe("the pre-rendered form's messages (generated from the app's locales at build time)", () => {
  it("shows a field's message under it in the page's language, marks it invalid and focuses it", () => {
    const { form, view } = shellIn('zh-TW');
    expect(view.showProblems({ email: 'invalidEmail', password: 'fieldEmpty' })).toBe(true);
    const email = form.elements.namedItem('email') as HTMLInputElement;
    expect(document.getElementById('pl-email-error')?.textContent).toBe('電子郵件格式不正確');
    expect(document.getElementById('pl-password-error')?.textContent).toBe('此欄位不可空白。');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);

    expect(view.showProblems({})).toBe(false);
    expect(document.getElementById('pl-email-error')?.textContent).toBe('');
    expect(email.hasAttribute('aria-invalid')).toBe(false);
  });

  it.each([
    ['en', 'lockedOut', 'Password attempts exceeded'],
    ['zh-TW', 'lockedOut', '密碼嘗試次數過多'],
    ['en', 'badCredentials', 'Incorrect username or password.'],
    ['zh-TW', 'badCredentials', '使用者名稱或密碼不正確。'],
    ['en', 'passwordExpired', 'Password expired'],
    ['en', 'network', 'Failed to connect to server'],
    ['en', 'tooManyRequests', 'Attempt limit exceeded.Please try it minutes later.'],
  ] as const)('in %s, %s reads %j in the alert', (language, failure, text) => {
    const { view } = shellIn(language);
    view.showAlert(FAILURE_MESSAGE_KEYS[failure]);
    expect(document.querySelector('#prerendered-login-form [role="alert"]')?.textContent).toBe(text);
    view.showAlert([]);
    expect(document.querySelector('#prerendered-login-form [role="alert"]')?.textContent).toBe('');
  });

  it('has every failure line of the login page in both languages', () => {
    for (const language of ['en', 'zh-TW'] as const) {
      const { view } = shellIn(language);
      for (const keys of Object.values(FAILURE_MESSAGE_KEYS)) {
        view.showAlert(keys);
        expect(document.getElementById('pl-alert')?.textContent).not.toBe('');
      }
    }
  });
});

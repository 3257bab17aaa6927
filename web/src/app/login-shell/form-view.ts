import type { FieldProblem, SignInProblems } from './validate-sign-in.ts';

const FIELDS = ['email', 'password'] as const;

/**
 * The pre-rendered form's elements (web/prerender/login-shell.ts) and what its script shows in them: the
 * messages are in the page already (a template, in both languages), copied in the page's language.
 */
export function formView(shell: HTMLElement, form: HTMLFormElement) {
  const input = (name: (typeof FIELDS)[number]) => {
    const element = form.elements.namedItem(name);
    if (!(element instanceof HTMLInputElement)) throw new Error(`the sign-in form has no ${name} field`);
    return element;
  };
  const alert = shell.querySelector<HTMLElement>('#pl-alert');
  const lockout = shell.querySelector<HTMLDialogElement>('#pl-lockout');
  const messages = shell.querySelector<HTMLTemplateElement>('template#pl-messages')?.content;
  // The page's language is settled before the form paints (login-boot.js); changing it hands over to the app.
  const language = () => (document.documentElement.lang === 'zh-TW' ? 'zh-TW' : 'en');
  const message = (selector: string) =>
    messages?.querySelector(`${selector} [data-l="${language()}"]`)?.textContent ?? '';

  return {
    email: () => input('email').value,
    password: () => input('password').value,

    /** The fields' messages under them, as the app's TextFields show them; focuses the first wrong field. */
    showProblems(problems: SignInProblems): boolean {
      let first: HTMLInputElement | undefined;
      for (const name of FIELDS) {
        const field = input(name);
        const problem: FieldProblem | undefined = problems[name];
        const helper = shell.querySelector(`#pl-${name}-error`);
        if (helper) helper.textContent = problem ? message(`[data-problem="${problem}"]`) : '';
        if (problem) field.setAttribute('aria-invalid', 'true');
        else field.removeAttribute('aria-invalid');
        if (problem && !first) first = field;
      }
      first?.focus();
      return first !== undefined;
    },

    /** A failure's lines above the fields (LoginPage's alert), or none. */
    showAlert(messageKeys: readonly string[]): void {
      if (alert) alert.textContent = messageKeys.map((key) => message(`[data-m="${key}"]`)).join('');
    },

    showLockout(): void {
      if (!lockout || lockout.open) return;
      lockout.setAttribute('aria-labelledby', 'pl-lockout-title');
      lockout.setAttribute('aria-describedby', 'pl-lockout-advice');
      lockout.showModal();
    },

    /** Calls `onReset` when the lockout warning is left with 'Reset'. */
    onLockoutReset(onReset: () => void): void {
      lockout?.addEventListener('close', () => {
        lockout.removeAttribute('aria-labelledby');
        lockout.removeAttribute('aria-describedby');
        if (lockout.returnValue === 'reset') onReset();
        lockout.returnValue = '';
      });
    },

    setBusy(busy: boolean): void {
      if (busy) form.setAttribute('data-submitted', '');
      else form.removeAttribute('data-submitted');
      form.setAttribute('aria-busy', String(busy));
    },
  };
}

export type FormView = ReturnType<typeof formView>;

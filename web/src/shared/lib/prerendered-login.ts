/**
 * The sign-in form that index.html paints before the app loads (web/prerender/login-shell.ts). The login
 * page reads what the user typed into it, focused or submitted, then removes it; anything else the app
 * shows instead (another route, the configuration error) simply removes it.
 */
const SHELL_ID = 'prerendered-login';

export interface PrerenderedSignIn {
  email: string;
  password: string;
  focused: 'email' | 'password' | null;
  submitted: boolean;
}

/** What the user did in the pre-rendered form, or null when there is none (any page after the first). */
export function readPrerenderedSignIn(): PrerenderedSignIn | null {
  const form = document.getElementById(SHELL_ID)?.querySelector('form');
  if (!form) return null;
  const value = (name: string) => {
    const input = form.elements.namedItem(name);
    return input instanceof HTMLInputElement ? input.value : '';
  };
  const active = document.activeElement;
  const focused =
    active instanceof HTMLInputElement &&
    form.contains(active) &&
    (active.name === 'email' || active.name === 'password')
      ? active.name
      : null;
  return {
    email: value('email'),
    password: value('password'),
    focused,
    submitted: form.hasAttribute('data-submitted'),
  };
}

export function removePrerenderedLogin(): void {
  document.getElementById(SHELL_ID)?.remove();
}

/**
 * Types `value` into a React-controlled input as the user would have: the native setter and an input event,
 * so React's onChange runs (the form library takes the value, MUI floats the label).
 */
export function typeInto(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

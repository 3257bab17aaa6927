import type { SignInOutput } from 'aws-amplify/auth';

/**
 * The sign-in form that index.html paints before the app loads (web/prerender/login-shell.ts). It signs in
 * by itself (src/app/login-shell/), and hands over to the app for what it does not do; the login page reads
 * what the user typed into it, focused or submitted, and the hand-over, then removes it; anything else the
 * app shows instead (another route, the configuration error) simply removes it.
 */
const SHELL_ID = 'prerendered-login';

/**
 * Why the pre-rendered form started the app. This module is one instance shared by the form's script and the
 * app (one chunk), so the hand-over passes Amplify's own answer, not a copy.
 * - `signedIn`: the form signed in (Amplify holds the tokens); the app completes the sign-in and lands.
 * - `signInStep`: Amplify asked for a step the form does not offer (a second factor): the sign-in is in
 *   progress in Amplify, and the login page continues it from `output`. The password goes along in memory
 *   only, for the code screen's 'Send a new code' (a new sign-in, as Cognito mails codes only then).
 * - `passkey`: the visitor chose 'Sign in with a passkey', which the login page runs.
 * - `resubmit`: the form cannot finish this one (e.g. the expired temporary password, whose answer is the
 *   app's 'Resend password'): the login page submits again.
 * - `page`: the visitor went to another page of the app (forgot password) or chose a header menu, which the
 *   app opens.
 */
export type FormHandOver =
  | { kind: 'signedIn'; email: string }
  | { kind: 'signInStep'; email: string; output: SignInOutput; password?: string }
  | { kind: 'passkey'; email: string }
  | { kind: 'resubmit'; email: string }
  | { kind: 'page'; email: string; menu?: 'language' | 'theme' };

let handOver: FormHandOver | null = null;

/** The pre-rendered form's hand-over to the app (src/app/login-shell/). */
export function handOverSignIn(value: FormHandOver): void {
  handOver = value;
}

/** The hand-over when it is one of `kinds`, once: the first reader takes it. */
export function takeHandOver<Kind extends FormHandOver['kind']>(
  kinds: readonly Kind[],
): Extract<FormHandOver, { kind: Kind }> | null {
  const value = handOver;
  if (!value || !(kinds as readonly string[]).includes(value.kind)) return null;
  handOver = null;
  return value as Extract<FormHandOver, { kind: Kind }>;
}

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

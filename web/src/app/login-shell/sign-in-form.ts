/**
 * The pre-rendered sign-in form's own sign-in (issue 24 point 1), a build entry of its own that
 * public/login-boot.js loads when the visitor starts using /login: plain DOM and Amplify, no React. It checks
 * the form with the app's rules, signs in with Amplify (loaded as the user types) and shows the app's
 * messages. Signed in, it starts the app on the landing route; for anything it does not do itself (a new
 * password, another sign-in step, a passkey, the forgot-password page) it hands over to the app
 * (shared/lib/prerendered-login.ts), with the sign-in in progress in the same Amplify.
 */
import { forgetWrongPasswords } from '@/features/auth/login/password-failures.ts';
import { type FormHandOver, handOverSignIn } from '@/shared/lib/prerendered-login.ts';
import { createChallengeStore } from '@/shared/session/amplify/new-password-challenge.ts';
import { signInOutcome, UnsupportedSignInStepError } from '@/shared/session/amplify/sign-in-outcome.ts';
import { formServices, loadAmplifyAuth } from './amplify-auth.ts';
import { type FormView, formView } from './form-view.ts';
import { signInFailure } from './sign-in-failure.ts';
import { startSessionRequests } from './start-session-requests.ts';
import { validateSignIn } from './validate-sign-in.ts';

/** login-boot.js listens for these: start the app, or only fetch its code (and the signed-in pages'). */
const START_APP = 'portal:start-app';
const PRELOAD_APP = 'portal:preload-app';

const challenge = createChallengeStore(() => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
});

/** Starts the app on `path` (pushed, or replacing /login as the app's own sign-in does) with the hand-over. */
function handOver(value: FormHandOver, path?: { push?: string; replace?: string }): void {
  handOverSignIn(value);
  if (path?.push) window.history.pushState(null, '', path.push);
  if (path?.replace) window.history.replaceState(null, '', path.replace);
  document.dispatchEvent(new Event(START_APP));
}

/** The landing page's data, asked for while the app's code arrives (start-session-requests.ts). */
async function startLandingData(auth: Awaited<ReturnType<typeof loadAmplifyAuth>>): Promise<void> {
  const services = formServices();
  try {
    const accessToken = (await auth.fetchAuthSession()).tokens?.accessToken.toString();
    if (services && accessToken) {
      void startSessionRequests({ services, accessToken, origin: window.location.origin });
    }
  } catch (error) {
    console.warn('The landing page will ask for its data itself', error);
  }
}

function start(shell: HTMLElement, form: HTMLFormElement): void {
  // The page's language is settled (login-boot.js; changing it hands over to the app): the other language's
  // copies go, so a label's text is its name (CSS hid them until now).
  const language = document.documentElement.lang === 'zh-TW' ? 'zh-TW' : 'en';
  for (const other of shell.querySelectorAll(`[data-l]:not([data-l="${language}"])`)) other.remove();
  const view: FormView = formView(shell, form);
  let busy = false;

  async function submit(): Promise<void> {
    if (busy) return;
    const email = view.email();
    const password = view.password();
    view.showAlert([]);
    if (view.showProblems(validateSignIn(email, password))) {
      view.setBusy(false);
      return;
    }
    busy = true;
    view.setBusy(true);
    // The landing page's code arrives while the password proof runs (issue 24 point 2).
    document.dispatchEvent(new Event(PRELOAD_APP));
    const username = email.trim();
    try {
      const auth = await loadAmplifyAuth();
      challenge.clear();
      const output = await auth.signIn({ username, password });
      let outcome: ReturnType<typeof signInOutcome>;
      try {
        outcome = signInOutcome(output);
      } catch (error) {
        if (!(error instanceof UnsupportedSignInStepError)) throw error;
        outcome = 'twoStep';
      }
      if (outcome === 'twoStep') {
        // A second factor (or a step this portal does not offer) is the app's screens: the sign-in goes on
        // there, in the same Amplify.
        view.setBusy(false);
        handOver({ kind: 'signInStep', email, output, password });
        return;
      }
      forgetWrongPasswords(email);
      if (outcome === 'newPasswordRequired') {
        challenge.start(username);
        view.setBusy(false);
        handOver({ kind: 'page', email }, { push: '/set-new-password' });
      } else {
        await startLandingData(auth);
        handOver({ kind: 'signedIn', email }, { replace: '/' });
      }
    } catch (error) {
      busy = false;
      const failure = signInFailure(error, email);
      if (failure.failure === 'unknown') console.error('Sign-in failed', error);
      if (failure.handOver) {
        handOver({ kind: 'resubmit', email });
        return;
      }
      view.setBusy(false);
      view.showAlert(failure.messageKeys);
      if (failure.lockout) view.showLockout();
    }
  }

  // Amplify (and the pool's configuration) load as soon as the visitor types, so the submit does not wait.
  form.addEventListener('input', () => void loadAmplifyAuth().catch(() => undefined), { once: true });
  // Typing a password is the intent to sign in: the landing page's code comes while the visitor types, a
  // few files at a time at low priority (login-boot.js), fetched and compiled but not run, so on a phone's
  // network the click waits for neither the code nor (start-session-requests.ts) the data.
  form
    .querySelector('input[name="password"]')
    ?.addEventListener('input', () => document.dispatchEvent(new Event(PRELOAD_APP)), { once: true });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  const choose = (chosen: string | null) => {
    if (busy) return;
    if (chosen === 'language' || chosen === 'theme')
      handOver({ kind: 'page', email: view.email(), menu: chosen });
    else if (chosen === 'passkey') handOver({ kind: 'passkey', email: view.email() });
  };
  shell.querySelector('[data-passkey]')?.addEventListener('click', () => choose('passkey'));
  for (const button of shell.querySelectorAll('[data-menu]')) {
    button.addEventListener('click', () => choose(button.getAttribute('data-menu')));
  }
  // 'Forgot password?' and the lockout's 'Reset' open the app's page with the e-mail typed here.
  const forgotPassword = () => handOver({ kind: 'page', email: view.email() }, { push: '/forgot-password' });
  shell.querySelector('a[href="/forgot-password"]')?.addEventListener('click', (event) => {
    if (!(event instanceof MouseEvent) || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    forgotPassword();
  });
  view.onLockoutReset(forgotPassword);
  form.setAttribute('data-ready', '');
  // A choice or a submit made before this script arrived (login-boot.js kept them).
  if (form.hasAttribute('data-chosen')) choose(form.getAttribute('data-chosen'));
  else if (form.hasAttribute('data-submitted')) void submit();
}

const shell = document.getElementById('prerendered-login');
const form = document.getElementById('prerendered-login-form');
if (shell && form instanceof HTMLFormElement) start(shell, form);

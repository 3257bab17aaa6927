import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';

/**
 * The web app's own Amplify (aws-amplify as web/ resolves it) and its own `amplifyAuthConfig`, bundled for
 * the browser, so a journey can call Amplify APIs the app's screens do not use (e.g. `signIn` with
 * `authFlowType: 'USER_AUTH'`) in Chromium against the real server, without a test-only branch in src/.
 */
const ENTRY = `
import { Amplify } from 'aws-amplify';
import { confirmSignIn, signIn, signOut } from 'aws-amplify/auth';
import { amplifyAuthConfig } from './src/shared/session/amplify/amplify-config.ts';

window.amplifyUnderTest = {
  async configure() {
    const { identity } = await (await fetch('/api/config')).json();
    Amplify.configure(amplifyAuthConfig(identity, location.origin));
  },
  signIn,
  confirmSignIn,
  signOut,
};
`;

let bundle: Promise<string> | undefined;

function amplifyBundle(): Promise<string> {
  bundle ??= build({
    stdin: { contents: ENTRY, resolveDir: path.resolve(import.meta.dirname, '../../web'), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

/** What Amplify's signIn / confirmSignIn resolve to (the part the journeys read). */
export interface SignInOutput {
  isSignedIn: boolean;
  nextStep: { signInStep: string; availableChallenges?: string[] };
}

/** The page's handle on Amplify (`window.amplifyUnderTest`), as `page.evaluate` callbacks see it. */
export interface AmplifyUnderTest {
  configure(): Promise<void>;
  signIn(input: {
    username: string;
    password?: string;
    options?: { authFlowType?: 'USER_AUTH'; preferredChallenge?: 'PASSWORD' | 'PASSWORD_SRP' };
  }): Promise<SignInOutput>;
  confirmSignIn(input: { challengeResponse: string }): Promise<SignInOutput>;
  signOut(): Promise<void>;
}

/**
 * Opens a blank page on the portal's origin (so `/api/config`, `/api/identity` and localStorage are the
 * app's) that loads the bundle and configures Amplify like the app does. Use `window.amplifyUnderTest`.
 */
export async function openAmplifyPage(page: Page): Promise<void> {
  const script = await amplifyBundle();
  await page.route('**/e2e-amplify/amplify-under-test.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: script }),
  );
  await page.route('**/e2e-amplify/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Amplify under test</title><script type="module" src="amplify-under-test.js"></script>',
    }),
  );
  await page.goto('/e2e-amplify/');
  await page.waitForFunction(() => 'amplifyUnderTest' in window);
  await page.evaluate(() =>
    (window as unknown as { amplifyUnderTest: AmplifyUnderTest }).amplifyUnderTest.configure(),
  );
}

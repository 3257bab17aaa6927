import { type AmplifyUnderTest, openAmplifyPage } from '../support/amplify-in-browser.ts';
import { slowJourney, test } from '../support/fixtures.ts';

// SRP runs big-number arithmetic in the browser; on a shared machine that takes seconds.
const expect = slowJourney(180_000);

type WindowWithAmplify = Window & { amplifyUnderTest: AmplifyUnderTest };

/**
 * The web app signs in with SRP (USER_SRP_AUTH); the pool also speaks USER_AUTH, the flow Amplify v6
 * sends for `authFlowType: 'USER_AUTH'`. Here the app's own Amplify and configuration, bundled for the
 * page (support/amplify-in-browser.ts), sign a member in with it in Chromium, and the portal accepts the
 * resulting session.
 */
test("Amplify's signIn with USER_AUTH: preferred PASSWORD, PASSWORD_SRP, and the first-factor selection", async ({
  members,
  page,
}) => {
  const member = await members.createActive({ prefix: 'user-auth' });
  const calls: string[] = [];
  page.on('request', (req) => {
    const target = req.headers()['x-amz-target'] ?? '';
    if (!target.includes('.InitiateAuth') && !target.includes('.RespondToAuthChallenge')) return;
    const body = JSON.parse(req.postData() ?? '{}');
    const detail =
      body.AuthParameters?.PREFERRED_CHALLENGE ??
      body.ChallengeResponses?.ANSWER ??
      (body.AuthFlow ? '-' : '');
    calls.push(`${body.AuthFlow ?? body.ChallengeName}${detail ? ` ${detail}` : ''}`);
  });
  await openAmplifyPage(page);
  const credentials = { username: member.email, password: member.password };

  for (const preferredChallenge of ['PASSWORD', 'PASSWORD_SRP'] as const) {
    const result = await page.evaluate(
      ({ username, password, preferredChallenge }) =>
        (window as unknown as WindowWithAmplify).amplifyUnderTest.signIn({
          username,
          password,
          options: { authFlowType: 'USER_AUTH', preferredChallenge },
        }),
      { ...credentials, preferredChallenge },
    );
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await page.evaluate(() => (window as unknown as WindowWithAmplify).amplifyUnderTest.signOut());
  }

  const wrong = await page.evaluate(
    ({ username }) =>
      (window as unknown as WindowWithAmplify).amplifyUnderTest
        .signIn({
          username,
          password: 'Wrong-Password-1',
          options: { authFlowType: 'USER_AUTH', preferredChallenge: 'PASSWORD' },
        })
        .then(
          () => null,
          (error: Error) => ({ name: error.name, message: error.message }),
        ),
    credentials,
  );
  expect(wrong).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });

  const selection = await page.evaluate(
    ({ username }) =>
      (window as unknown as WindowWithAmplify).amplifyUnderTest.signIn({
        username,
        options: { authFlowType: 'USER_AUTH' },
      }),
    credentials,
  );
  expect(selection).toEqual({
    isSignedIn: false,
    nextStep: {
      signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
      availableChallenges: ['PASSWORD', 'PASSWORD_SRP', 'EMAIL_OTP'],
    },
  });
  const chosen = await page.evaluate(() =>
    (window as unknown as WindowWithAmplify).amplifyUnderTest.confirmSignIn({
      challengeResponse: 'PASSWORD_SRP',
    }),
  );
  expect(chosen.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_PASSWORD');
  const done = await page.evaluate(
    ({ password }) =>
      (window as unknown as WindowWithAmplify).amplifyUnderTest.confirmSignIn({
        challengeResponse: password,
      }),
    credentials,
  );
  expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });

  expect(calls).toEqual([
    'USER_AUTH PASSWORD',
    'USER_AUTH PASSWORD_SRP',
    'PASSWORD_VERIFIER',
    'USER_AUTH PASSWORD',
    'USER_AUTH -',
    'SELECT_CHALLENGE PASSWORD_SRP',
    'PASSWORD_VERIFIER',
  ]);

  // The portal itself takes the session that USER_AUTH started (Amplify keeps it in localStorage).
  await page.goto('/');
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

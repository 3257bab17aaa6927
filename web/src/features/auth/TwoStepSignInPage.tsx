import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { useLazyAuthServices } from '@/shared/session/AuthServicesContext.tsx';
import type { SignInOutcome } from '@/shared/session/amplify/sign-in-outcome.ts';
import type { TwoStepChallenge } from '@/shared/session/two-step/two-step-challenge.ts';
import { FailureAlert } from './components/FailureAlert.tsx';
import { useCompleteSignIn } from './login/use-complete-sign-in.ts';
import { CodeStep } from './two-step/CodeStep.tsx';
import { EmailSetupStep } from './two-step/EmailSetupStep.tsx';
import { MethodChoiceStep } from './two-step/MethodChoiceStep.tsx';
import { TotpSetupStep } from './two-step/TotpSetupStep.tsx';

/**
 * /two-step-sign-in: the second step of a sign-in in progress (issue 25 item 6), whichever screen started it
 * (this app's /login, or the pre-rendered form handing over: README.md "Two-step sign-in"). Each answer
 * goes to Cognito through the session (confirmSignIn); the next step replaces this one, DONE signs in.
 */
export function TwoStepSignInPage() {
  const { t } = useTranslation();
  const auth = useLazyAuthServices();
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  const [challenge, setChallenge] = useState<TwoStepChallenge | null>(() => auth().session.pendingTwoStep());
  const email = auth().session.pendingSignInEmail();

  const follow = async (outcome: SignInOutcome) => {
    if (outcome === 'signedIn') await completeSignIn();
    else if (outcome === 'newPasswordRequired') await navigate(pathTo(ROUTE.SET_NEW_PASSWORD));
    else setChallenge(auth().session.pendingTwoStep());
  };
  const answer = async (response: string) => follow(await auth().session.confirmTwoStep(response));

  return (
    <Stack spacing={2.5}>
      {challenge === null && <FailureAlert messageKeys={['components.twoStep.errors.sessionExpired']} />}
      {challenge?.kind === 'totpCode' && <CodeStep key="totp" source="app" onSubmit={answer} />}
      {challenge?.kind === 'emailCode' && (
        <CodeStep
          key="email"
          source="mail"
          destination={challenge.destination}
          onSubmit={answer}
          onResend={async () => {
            const outcome = await auth().session.repeatSignIn();
            if (outcome !== 'twoStep') await follow(outcome);
          }}
        />
      )}
      {challenge?.kind === 'chooseMethod' && (
        <MethodChoiceStep key="choose" purpose="use" methods={challenge.methods} onChoose={answer} />
      )}
      {challenge?.kind === 'chooseSetup' && (
        <MethodChoiceStep key="setup" purpose="setUp" methods={challenge.methods} onChoose={answer} />
      )}
      {challenge?.kind === 'totpSetup' && (
        <TotpSetupStep setup={challenge.setup} email={email} onSubmit={answer} />
      )}
      {challenge?.kind === 'emailSetup' && <EmailSetupStep email={email} onSubmit={answer} />}
      <Link component={RouterLink} to={pathTo(ROUTE.LOGIN)} variant="body2" sx={{ alignSelf: 'center' }}>
        {t('auth.twoStep.backToLogin')}
      </Link>
    </Stack>
  );
}

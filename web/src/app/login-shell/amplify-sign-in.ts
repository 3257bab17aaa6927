/**
 * What the pre-rendered form takes from Amplify, as one chunk: only `signIn` and `fetchAuthSession` (a dynamic import of
 * 'aws-amplify/auth' itself would keep every one of its APIs) and the app's configuration of the pool. The
 * modules behind them (Amplify's configuration, token store and sign-in state) are the app's own instances.
 */
import { installNativeModPow } from './native-srp.ts';

export { fetchAuthSession, signIn } from 'aws-amplify/auth';
export { configureAmplify } from '@/shared/session/amplify/amplify-runtime.ts';

// Before the first sign-in: the password proof's modular powers in native BigInt (native-srp.ts).
installNativeModPow();

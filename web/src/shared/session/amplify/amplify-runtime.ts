import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import { Amplify } from 'aws-amplify';
import { amplifyAuthConfig } from './amplify-config.ts';

/** Points Amplify at the configured pool; loaded with Amplify itself (`lazy-amplify-session.ts`). */
export function configureAmplify(identity: RuntimeConfig['identity'], origin: string): void {
  Amplify.configure(amplifyAuthConfig(identity, origin));
}

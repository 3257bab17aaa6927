import type { RuntimeConfig } from '@portal/contracts/runtime-config';
import type { ResourcesConfig } from 'aws-amplify';

/**
 * Amplify's Auth configuration from the runtime config's identity block. The embedded pool is published
 * as a relative endpoint ('/api/identity'); Amplify needs an absolute URL, so it is resolved against the
 * page's origin. Without an endpoint Amplify talks to Amazon Cognito in the pool's region.
 */
export function amplifyAuthConfig(identity: RuntimeConfig['identity'], origin: string): ResourcesConfig {
  const endpoint = identity.userPoolEndpoint
    ? new URL(identity.userPoolEndpoint, origin).toString()
    : undefined;
  return {
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        loginWith: { email: true },
      },
    },
  };
}

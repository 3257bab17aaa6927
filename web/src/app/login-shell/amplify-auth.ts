import type { RuntimeConfig } from '@portal/contracts/runtime-config';

type AmplifySignIn = Pick<typeof import('./amplify-sign-in.ts'), 'signIn' | 'fetchAuthSession'>;

/** The services the form asks for the session's first data (start-session-requests.ts). */
export interface FormServices {
  reseller: string;
  userPortal: string;
}

/**
 * GET /api/config (shared/config/runtime-config.ts), of which the form needs the identity pool and the base
 * URLs of two services.
 */
const CONFIG_URL = '/api/config';

/** Amplify's name for a request that did not reach the server; classifyAuthError says 'Failed to connect to server'. */
function networkError(cause: unknown): Error {
  const error = new Error('The sign-in could not reach the server', { cause });
  error.name = 'NetworkError';
  return error;
}

function identityOf(body: unknown): RuntimeConfig['identity'] {
  const identity =
    typeof body === 'object' && body !== null && 'identity' in body ? (body.identity as unknown) : undefined;
  if (typeof identity !== 'object' || identity === null) throw new Error('GET /api/config has no identity');
  const { region, userPoolId, userPoolClientId, userPoolEndpoint } = identity as Record<string, unknown>;
  if (typeof region !== 'string' || typeof userPoolId !== 'string' || typeof userPoolClientId !== 'string') {
    throw new Error('GET /api/config has an invalid identity');
  }
  return {
    region,
    userPoolId,
    userPoolClientId,
    ...(typeof userPoolEndpoint === 'string' ? { userPoolEndpoint } : {}),
  };
}

function servicesOf(body: unknown): FormServices {
  const services =
    typeof body === 'object' && body !== null && 'services' in body ? (body.services as unknown) : undefined;
  const { reseller, userPortal } = (
    typeof services === 'object' && services !== null ? services : {}
  ) as Record<string, unknown>;
  if (typeof reseller !== 'string' || typeof userPortal !== 'string') {
    throw new Error('GET /api/config has no reseller or userPortal service');
  }
  return { reseller, userPortal };
}

let services: FormServices | undefined;

/** The services' base URLs, once loadAmplifyAuth has read the configuration. */
export function formServices(): FormServices | undefined {
  return services;
}

async function loadIdentity(): Promise<RuntimeConfig['identity']> {
  let response: Response;
  try {
    response = await fetch(CONFIG_URL, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw new Error(`GET ${CONFIG_URL} answered ${response.status}`);
  const body: unknown = await response.json();
  const identity = identityOf(body);
  services = servicesOf(body);
  return identity;
}

let loading: Promise<AmplifySignIn> | undefined;

/**
 * Amplify's Auth, configured for this deployment's pool, for the pre-rendered form. These are the very
 * chunks the app's session loads (shared/session/amplify/), so the app finds Amplify configured, with the
 * tokens or the sign-in in progress, when it takes over. Started as the user types; a failure (network) is
 * retried on the next call.
 */
export function loadAmplifyAuth(): Promise<AmplifySignIn> {
  loading ??= Promise.all([
    loadIdentity(),
    import('./amplify-sign-in.ts').catch((error: unknown) => Promise.reject(networkError(error))),
  ]).then(
    ([identity, amplify]) => {
      amplify.configureAmplify(identity, window.location.origin);
      return amplify;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

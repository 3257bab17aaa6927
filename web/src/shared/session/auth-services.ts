import type { IdentitySession } from './amplify/lazy-amplify-session.ts';
import type { TokenLayer } from './tokens/token-layer.ts';

/** The identity session and the token layer, created once in app/start.tsx (`create-auth-services.ts`). */
export interface AuthServices {
  session: IdentitySession;
  tokens: TokenLayer;
}

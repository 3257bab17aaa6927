import type { IdentitySession } from './amplify/lazy-amplify-session.ts';
import type { TokenLayer } from './tokens/token-layer.ts';

/** The identity session and the token layer, created once in main.tsx (`create-auth-services.ts`). */
export interface AuthServices {
  session: IdentitySession;
  tokens: TokenLayer;
}

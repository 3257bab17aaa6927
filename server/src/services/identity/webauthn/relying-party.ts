import type { Config } from '../../../infrastructure/config/config.ts';

export interface RelyingParty {
  /** The RP ID passkeys are bound to: PUBLIC_URL's host name. */
  id: string;
  /** The only origin whose ceremonies are accepted: PUBLIC_URL's. */
  origin: string;
}

/**
 * The pool's relying party (Cognito's WebAuthnConfiguration.RelyingPartyId), from PUBLIC_URL and never from
 * the request's Host header, which a client chooses. Without PUBLIC_URL the server's default
 * http://localhost:PORT makes it `localhost`, which browsers accept on plain http for a demo on one machine.
 */
export function relyingPartyOf(config: Pick<Config, 'PUBLIC_URL'>): RelyingParty {
  const url = new URL(config.PUBLIC_URL);
  return { id: url.hostname, origin: url.origin };
}

import type { Config } from './config.ts';

/**
 * The token issuer: COGNITO_ISSUER if set; Amazon Cognito's own when COGNITO_ENDPOINT points there;
 * otherwise the embedded pool under our public URL (its JWKS is served at `{issuer}/.well-known/jwks.json`).
 */
export function issuerOf(config: Config): string {
  if (config.COGNITO_ISSUER) return config.COGNITO_ISSUER.replace(/\/$/, '');
  if (config.COGNITO_ENDPOINT) {
    return `https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com/${config.COGNITO_USER_POOL_ID}`;
  }
  return `${config.PUBLIC_URL}/api/identity/${config.COGNITO_USER_POOL_ID}`;
}

export function jwksUriOf(config: Config): string {
  return `${issuerOf(config)}/.well-known/jwks.json`;
}

/** True when this server is the user pool (no external Cognito endpoint configured). */
export function isEmbeddedPool(config: Config): boolean {
  return !config.COGNITO_ENDPOINT;
}

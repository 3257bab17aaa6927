import type { FastifyPluginAsync } from 'fastify';
import { issuerOf, jwksUriOf } from '../../infrastructure/config/token-issuer.ts';
import { publicJwks } from '../../infrastructure/secrets/signing-keys.ts';

/** The issuer's public keys and OpenID configuration, under /api/identity/<poolId>/.well-known/. */
export const wellKnownRoutes: FastifyPluginAsync = async (app) => {
  const base = `/${app.config.COGNITO_USER_POOL_ID}/.well-known`;
  app.get(`${base}/jwks.json`, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicJwks(app.db, ['id', 'access']);
  });
  app.get(`${base}/openid-configuration`, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return {
      issuer: issuerOf(app.config),
      jwks_uri: jwksUriOf(app.config),
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
      response_types_supported: ['token'],
      scopes_supported: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
    };
  });
};

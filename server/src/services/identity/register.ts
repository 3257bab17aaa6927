import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SERVICE_PREFIXES } from '@portal/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../../domain/mail/mailer.ts';
import { isEmbeddedPool } from '../../infrastructure/config/token-issuer.ts';
import { createAdminClient } from './admin-client.ts';
import { type AdminCredentials, resolveAdminCredentials } from './admin-credentials.ts';
import { identityService } from './protocol/plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
    /** Cognito admin API (SigV4-signed) for the server's own calls; embedded pool or Amazon Cognito. */
    identityAdmin: CognitoIdentityProviderClient;
    /** The keys identityAdmin signs with and the embedded pool verifies. */
    identityAdminCredentials: AdminCredentials;
  }
}

/**
 * Everything identity adds to the app, before the services that use it: `app.mail`,
 * `app.identityAdmin` (and its keys), the embedded user pool at /api/identity (unless
 * COGNITO_ENDPOINT points elsewhere).
 */
export async function registerIdentity(app: FastifyInstance): Promise<void> {
  app.decorate(
    'mail',
    createMailer({ config: app.config, db: app.db, log: app.log, recorder: app.operations }),
  );
  const credentials = await resolveAdminCredentials(app.config, app.db);
  app.decorate('identityAdminCredentials', credentials);
  if (isEmbeddedPool(app.config)) {
    await app.register(identityService, { prefix: SERVICE_PREFIXES.identity });
  }
  app.decorate('identityAdmin', createAdminClient(app.config, credentials, app));
}

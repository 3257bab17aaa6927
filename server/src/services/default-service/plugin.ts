import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { licenseRoutes } from './license-routes.ts';
import { metadataRoutes } from './metadata-routes.ts';
import { remoteAccessPageRoutes } from './remote-access-page-routes.ts';
import { remoteAccessRoutes } from './remote-access-routes.ts';

async function sessionRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticateSession);
  await app.register(licenseRoutes);
  await app.register(metadataRoutes);
  await app.register(remoteAccessRoutes);
}

/**
 * Default service (session token): license catalogue and inventory, organization metadata, remote access.
 * The customer's approval page sits beside it without the session check: its link token is the credential.
 */
export const defaultServiceService: FastifyPluginAsync = async (app) => {
  await app.register(sessionRoutes);
  await app.register(remoteAccessPageRoutes);
};

import type { FastifyPluginAsync } from 'fastify';
import { licenseRoutes } from './license-routes.ts';
import { metadataRoutes } from './metadata-routes.ts';
import { remoteAccessPageRoutes } from './remote-access-page-routes.ts';
import { remoteAccessRoutes } from './remote-access-routes.ts';

/**
 * Default service (session token): license catalogue and inventory, organization metadata, remote access.
 * The customer's approval page sits beside it without a session (`caller: 'none'`): its link token is the credential.
 */
export const defaultServiceService: FastifyPluginAsync = async (app) => {
  await app.register(licenseRoutes);
  await app.register(metadataRoutes);
  await app.register(remoteAccessRoutes);
  await app.register(remoteAccessPageRoutes);
};

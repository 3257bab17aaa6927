import type { FastifyPluginAsync } from 'fastify';
import { resendPasswordRoute } from './resend-password-route.ts';
import { resellerRoutes } from './routes.ts';

/** Main reseller backend (session token): company, members, profile, token exchange. */
export const resellerService: FastifyPluginAsync = async (app) => {
  // No token: re-sends a temporary password.
  await app.register(resendPasswordRoute);
  await app.register(async (authenticated) => {
    authenticated.addHook('onRequest', authenticated.authenticateSession);
    await authenticated.register(resellerRoutes);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { apiKeyRoutes } from './api-key-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { companyRoutes } from './company-routes.ts';
import { memberRoutes } from './member-routes.ts';
import { partnerRoutes } from './partner-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { resendPasswordRoute } from './resend-password-route.ts';
import { tokenRoutes } from './token-routes.ts';

/** Main reseller backend (session token): company, members, profile, token exchange. */
export const resellerService: FastifyPluginAsync = async (app) => {
  // No token: re-sends a temporary password.
  await app.register(resendPasswordRoute);
  await app.register(companyRoutes);
  await app.register(profileRoutes);
  await app.register(memberRoutes);
  await app.register(tokenRoutes);
  await app.register(partnerRoutes);
  await app.register(auditRoutes);
  await app.register(apiKeyRoutes);
};

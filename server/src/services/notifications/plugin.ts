import type { FastifyPluginAsync } from 'fastify';
import { mailSettingsRoutes } from './mail-settings-routes.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';

/**
 * Notifications (issue 15, session token): the company's mail rules and each member's subscription,
 * the signed unsubscribe link (no token), and partner webhooks.
 */
export const notificationsService: FastifyPluginAsync = async (app) => {
  await app.register(mailSettingsRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(webhookRoutes);
};

import type { FastifyPluginAsync } from 'fastify';

/** One-time tokens into a customer's user portal (company token). */
export const userPortalAuthService: FastifyPluginAsync = async (_app) => {
  // Routes arrive with the issues that need them.
};

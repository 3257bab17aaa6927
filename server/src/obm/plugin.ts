import type { FastifyPluginAsync } from 'fastify';
import { loginRecordRoute } from '../auth/login-record-route.ts';

/** OBM backend (session token): company statistics, login records. */
export const obmService: FastifyPluginAsync = async (app) => {
  await app.register(loginRecordRoute);
  // Routes arrive with the issues that need them.
};

import type { FastifyPluginAsync } from 'fastify';
import { loginRecordRoute } from './login-record-route.ts';
import { companyStatisticsRoute } from './statistics-route.ts';

/** OBM backend (session token): company statistics, login records. */
export const obmService: FastifyPluginAsync = async (app) => {
  await app.register(loginRecordRoute);
  await app.register(companyStatisticsRoute);
};

import type { FastifyInstance } from 'fastify';

/** Placeholder: filled in by issue 15's work. */
export async function webhookRoutes(_app: FastifyInstance): Promise<void> {}

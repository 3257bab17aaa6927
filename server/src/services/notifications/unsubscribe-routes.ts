import type { FastifyInstance } from 'fastify';

/** Placeholder: filled in by issue 15's work. */
export async function unsubscribeRoutes(_app: FastifyInstance): Promise<void> {}

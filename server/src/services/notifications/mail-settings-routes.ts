import type { FastifyInstance } from 'fastify';

/** Placeholder: filled in by issue 15's work. */
export async function mailSettingsRoutes(_app: FastifyInstance): Promise<void> {}

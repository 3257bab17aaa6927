import { z } from 'zod';
import { brandIdSchema } from './brands.ts';

/** Base URL of every backend service the SPA talks to (ARCHITECTURE §1). */
export const SERVICE_NAMES = [
  'identity',
  'reseller',
  'userPortal',
  'userPortalAuth',
  'platform',
  'monitoring',
  'obm',
  'default',
  'notifications',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** The path prefix each service is mounted under on our own server. */
export const SERVICE_PREFIXES: Record<ServiceName, string> = {
  identity: '/api/identity',
  reseller: '/api/reseller',
  userPortal: '/api/user-portal',
  userPortalAuth: '/api/user-portal-auth',
  platform: '/api/platform',
  monitoring: '/api/monitoring',
  obm: '/api/obm',
  default: '/api/default',
  notifications: '/api/notifications',
};

/** GET /api/config: everything the SPA needs to start, so one build serves every deployment. */
export const runtimeConfigSchema = z.object({
  brand: brandIdSchema,
  mode: z.enum(['demo', 'production']),
  version: z.string(),
  services: z.record(z.enum(SERVICE_NAMES), z.string()),
  identity: z.object({
    region: z.string(),
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /** Absolute URL of the embedded user pool; absent when the portal uses Amazon Cognito. */
    userPoolEndpoint: z.string().optional(),
  }),
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
  /** The customers' user portal, opened through a one-time token. */
  userPortalUrl: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

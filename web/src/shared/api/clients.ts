import { createApiClient } from '@/shared/lib/api-client.ts';

/** One client per backend service of SPEC §7; each picks its token through the token layer. */
export const resellerApi = createApiClient('reseller');
export const userPortalApi = createApiClient('userPortal');
export const userPortalAuthApi = createApiClient('userPortalAuth');
export const platformApi = createApiClient('platform');
export const monitoringApi = createApiClient('monitoring');
export const obmApi = createApiClient('obm');
export const defaultServiceApi = createApiClient('default');
export const notificationsApi = createApiClient('notifications');

/** Second-platform calls about one organization carry that organization's token (SPEC §4 Tokens). */
export const organizationToken = (orgId: string) => ({ kind: 'organization', orgId }) as const;

/** One path segment, encoded. */
export const segment = (value: string) => encodeURIComponent(value);

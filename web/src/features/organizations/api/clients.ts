import { createApiClient } from '../../../shared/lib/api-client.ts';

/** The services the customer pages talk to (SPEC §7); each picks its token through the token layer. */
export const userPortalApi = createApiClient('userPortal');
export const userPortalAuthApi = createApiClient('userPortalAuth');
export const platformApi = createApiClient('platform');
export const monitoringApi = createApiClient('monitoring');
export const defaultServiceApi = createApiClient('default');

/** Second-platform calls about one organization carry that organization's token (SPEC §4 Tokens). */
export const organizationToken = (orgId: string) => ({ kind: 'organization', orgId }) as const;

export const segment = (value: string) => encodeURIComponent(value);

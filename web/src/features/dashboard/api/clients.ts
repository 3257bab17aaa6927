import { createApiClient } from '../../../shared/lib/api-client.ts';

/** The services the dashboard reads (SPEC §7): user portal with the company token, default with the session. */
export const userPortalApi = createApiClient('userPortal');
export const defaultServiceApi = createApiClient('default');

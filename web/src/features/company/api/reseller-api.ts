import { createApiClient } from '../../../shared/lib/api-client.ts';

/** The main reseller backend (SPEC §7), called with the session token. */
export const resellerApi = createApiClient('reseller');

import type { ApiKeyScope } from '@portal/contracts/api-keys';

/** The translation key of each scope (i18next reads ':' in a key as a namespace separator). */
export const SCOPE_KEYS: Record<ApiKeyScope, string> = { read: 'read', 'incidents:write': 'incidentsWrite' };

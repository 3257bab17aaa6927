import { z } from 'zod';
import { plainNameSchema } from './validation.ts';

/**
 * A company's API keys for the partner API (issue 27 item 4): the owner creates, lists and revokes them under
 * `/api/reseller/v1/companies/{companyId}/api-keys`. The key itself is shown once, in the creation's answer.
 */

/** `read`: every GET of the partner API; `incidents:write`: acknowledge incidents. */
export const API_KEY_SCOPES = ['read', 'incidents:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** `ppk_` + 32 random bytes in base62 (43 characters). */
export const API_KEY_PREFIX = 'ppk_';

export const API_KEY_NAME_MAX = 100;

export const createApiKeySchema = z.strictObject({
  /** SPEC §5: no special characters, as webhook and rule names. */
  name: plainNameSchema(API_KEY_NAME_MAX),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1)
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once'),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  /** Name (or e-mail) of the member who created it; null once that member is gone. */
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** Calls today (UTC day). */
  callsToday: z.int().min(0),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

/** The creation's answer: the key's fields and, this once, the key itself. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

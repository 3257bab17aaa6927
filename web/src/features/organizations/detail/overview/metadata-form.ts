import {
  type OrganizationMetadata,
  type UpdateOrganizationMetadata,
  updateOrganizationMetadataSchema,
} from '@portal/contracts/organizations';
import { z } from 'zod';

export const METADATA_FIELDS = ['name', 'email', 'phone', 'address', 'reference'] as const;
type MetadataField = (typeof METADATA_FIELDS)[number];

/**
 * A field's rule, except that the value as it was loaded passes as it is. The platform can hold a value the
 * rules refuse (a contact named O'Keefe: SPEC §5 forbids ' in names); left untouched it is not sent (the PATCH
 * carries only what changed, and the server checks that), so it must not keep the dealer from saving a new
 * phone number. Changed, it meets the rule, with the rule's own messages.
 */
function loadedOr(loaded: string, rule: z.ZodType<string, string>) {
  return z.string().transform((value, ctx) => {
    if (value === loaded) return value;
    const result = rule.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

/** The editor's form for one customer: every metadata field, none optional, with the contracts' rules and messages. */
export function metadataFormSchema(loaded: OrganizationMetadata) {
  const rule = (field: MetadataField) => updateOrganizationMetadataSchema.shape[field].unwrap();
  return z.object({
    name: loadedOr(loaded.name, rule('name')),
    email: loadedOr(loaded.email, rule('email')),
    phone: loadedOr(loaded.phone, rule('phone')),
    address: loadedOr(loaded.address, rule('address')),
    reference: loadedOr(loaded.reference, rule('reference')),
  });
}
type MetadataFormValues = z.output<ReturnType<typeof metadataFormSchema>>;

/** The PATCH body: only the fields whose (validated, trimmed) value differs from what was loaded. */
export function changedMetadata(
  original: OrganizationMetadata,
  values: MetadataFormValues,
): UpdateOrganizationMetadata {
  const changes: UpdateOrganizationMetadata = {};
  for (const field of METADATA_FIELDS) {
    if (values[field] !== original[field]) changes[field] = values[field];
  }
  return changes;
}

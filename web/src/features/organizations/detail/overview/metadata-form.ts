import {
  type OrganizationMetadata,
  type UpdateOrganizationMetadata,
  updateOrganizationMetadataSchema,
} from '@portal/contracts/organizations';
import { z } from 'zod';

/** The editor's form: every metadata field with the contracts' rules and messages (SPEC §5), none optional. */
export const metadataFormSchema = z.object(updateOrganizationMetadataSchema.shape).required();
type MetadataFormValues = z.output<typeof metadataFormSchema>;

export const METADATA_FIELDS = ['name', 'email', 'phone', 'address', 'reference'] as const;

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

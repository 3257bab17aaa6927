import Stack from '@mui/material/Stack';
import type { OrganizationMetadata } from '@portal/contracts/organizations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { useSchemaForm } from '@/shared/ui/use-schema-form.ts';
import { useUpdateOrganizationMetadata } from '../../api/update-organization-metadata.ts';
import { changedMetadata, METADATA_FIELDS, metadataFormSchema } from './metadata-form.ts';

const LABELS = {
  name: 'customers.overview.contactName',
  email: 'customers.overview.contactEmail',
  phone: 'customers.overview.contactPhone',
  address: 'customers.overview.address',
  reference: 'customers.overview.reference',
} as const satisfies Record<(typeof METADATA_FIELDS)[number], string>;

const INPUT_TYPES = { email: 'email', phone: 'tel' } as const;

/**
 * Edits the customer's address, main contact and reference. Saves only the changed fields; closing a
 * modified form asks for the leave confirmation (FormDialog). Mounted only while open.
 */
export function MetadataEditorDialog({
  orgId,
  metadata,
  onClose,
}: {
  orgId: string;
  metadata: OrganizationMetadata;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateOrganizationMetadata(orgId);
  // Built once as the dialog opens: the values it was opened with are the ones left as they are.
  const [schema] = useState(() => metadataFormSchema(metadata));
  const form = useSchemaForm(schema, { defaultValues: metadata, mode: 'onTouched' });
  const { isDirty, dirtyFields } = form.formState;
  // Decision 0009: approval links keep going to the previous contact e-mail for a while; say so when it changes.
  const hint = (field: (typeof METADATA_FIELDS)[number]) =>
    field === 'email' && dirtyFields.email ? t('customers.metadata.emailChangeHint') : ' ';

  const submit = form.handleSubmit(async (values) => {
    const changes = changedMetadata(metadata, values);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync(changes);
      toast.success(t('customers.metadata.saved'));
      onClose();
    } catch {
      toast.error(t('customers.metadata.saveFailed'));
    }
  });

  return (
    <FormDialog
      title={t('customers.overview.editTitle')}
      isDirty={isDirty}
      busy={update.isPending}
      maxWidth="sm"
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {METADATA_FIELDS.map((field) => (
          <FormTextField
            key={field}
            form={form}
            name={field}
            hint={hint(field)}
            label={t(LABELS[field])}
            type={field === 'email' || field === 'phone' ? INPUT_TYPES[field] : 'text'}
            multiline={field === 'address'}
            minRows={field === 'address' ? 2 : undefined}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}

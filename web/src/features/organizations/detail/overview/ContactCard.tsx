import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReadOnly } from '@/shared/session/company-scope.tsx';
import { useOrganizationMetadata } from '../../api/get-organization-metadata.ts';
import { InfoField } from './InfoField.tsx';
import { MetadataEditorDialog } from './MetadataEditorDialog.tsx';
import { InfoGrid, OverviewCard } from './OverviewCard.tsx';

/** Main contact (SPEC §3 Organization metadata) with the editor. */
export function ContactCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const metadata = useOrganizationMetadata(orgId);
  const [editing, setEditing] = useState(false);
  const readOnly = useReadOnly();
  const empty = t('customers.overview.notSet');

  return (
    <OverviewCard
      headingId="main-contact"
      busy={metadata.isPending}
      heading={t('customers.overview.mainContact')}
      action={
        !readOnly && (
          <Button
            size="small"
            startIcon={<EditOutlined />}
            disabled={!metadata.data}
            onClick={() => setEditing(true)}
          >
            {t('customers.overview.edit')}
          </Button>
        )
      }
    >
      {metadata.isError ? (
        <Alert severity="error">{t('customers.detail.sourceFailed')}</Alert>
      ) : (
        // The fields are there from the start, each value a skeleton line until the answer arrives.
        <InfoGrid>
          <InfoField label={t('customers.overview.contactName')} empty={empty} loading={metadata.isPending}>
            {metadata.data?.name}
          </InfoField>
          <InfoField label={t('customers.overview.contactEmail')} empty={empty} loading={metadata.isPending}>
            {metadata.data?.email}
          </InfoField>
          <InfoField label={t('customers.overview.contactPhone')} empty={empty} loading={metadata.isPending}>
            {metadata.data?.phone}
          </InfoField>
          <InfoField label={t('customers.overview.reference')} empty={empty} loading={metadata.isPending}>
            {metadata.data?.reference}
          </InfoField>
        </InfoGrid>
      )}
      {editing && !readOnly && metadata.data && (
        <MetadataEditorDialog orgId={orgId} metadata={metadata.data} onClose={() => setEditing(false)} />
      )}
    </OverviewCard>
  );
}

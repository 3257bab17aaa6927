import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReadOnly } from '@/shared/session/company-scope.tsx';
import { useOrganizationMetadata } from '../../api/get-organization-metadata.ts';
import { InfoField } from './InfoField.tsx';
import { MetadataEditorDialog } from './MetadataEditorDialog.tsx';

/** Main contact (SPEC §3 Organization metadata) with the editor. */
export function ContactCard({ orgId }: { orgId: string }) {
  const { t } = useTranslation();
  const metadata = useOrganizationMetadata(orgId);
  const [editing, setEditing] = useState(false);
  const readOnly = useReadOnly();
  const empty = t('customers.overview.notSet');

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, height: '100%' }}
      component="section"
      aria-labelledby="main-contact"
    >
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <Typography id="main-contact" variant="h2" sx={{ fontSize: '1.1rem' }}>
          {t('customers.overview.mainContact')}
        </Typography>
        {!readOnly && (
          <Button
            size="small"
            startIcon={<EditOutlined />}
            disabled={!metadata.data}
            onClick={() => setEditing(true)}
          >
            {t('customers.overview.edit')}
          </Button>
        )}
      </Stack>
      {metadata.isPending && <Skeleton variant="rounded" height={120} />}
      {metadata.isError && <Alert severity="error">{t('customers.detail.sourceFailed')}</Alert>}
      {metadata.data && (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          <InfoField label={t('customers.overview.contactName')} empty={empty}>
            {metadata.data.name}
          </InfoField>
          <InfoField label={t('customers.overview.contactEmail')} empty={empty}>
            {metadata.data.email}
          </InfoField>
          <InfoField label={t('customers.overview.contactPhone')} empty={empty}>
            {metadata.data.phone}
          </InfoField>
          <InfoField label={t('customers.overview.reference')} empty={empty}>
            {metadata.data.reference}
          </InfoField>
        </Box>
      )}
      {editing && !readOnly && metadata.data && (
        <MetadataEditorDialog orgId={orgId} metadata={metadata.data} onClose={() => setEditing(false)} />
      )}
    </Paper>
  );
}

import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useParams } from 'react-router';
import { ContactCard } from './overview/ContactCard.tsx';
import { CustomerCard } from './overview/CustomerCard.tsx';
import { DeviceTotals } from './overview/DeviceTotals.tsx';
import { SitesSection } from './overview/SitesSection.tsx';

/** Overview tab: customer info, main contact (editable), totals and sites. */
export function OrganizationOverviewTab() {
  const { orgId = '' } = useParams();
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <CustomerCard orgId={orgId} />
        <ContactCard orgId={orgId} />
      </Box>
      <DeviceTotals orgId={orgId} />
      <SitesSection orgId={orgId} />
    </Stack>
  );
}

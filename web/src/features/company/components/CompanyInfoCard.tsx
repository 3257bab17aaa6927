import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CompanyInfo } from '@portal/contracts/reseller';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionName } from '@/shared/lib/region-name.ts';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';
import { EditCompanyNameDialog } from './EditCompanyNameDialog.tsx';

/** SPEC §3 company: name (editable by the owner), phone, owner email, region and roles. */
export function CompanyInfoCard({ company }: { company: CompanyInfo }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const empty = t('company.info.empty');

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 2 }}>
        {t('company.info.heading')}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        <Field label={t('company.info.name')}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
            <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {company.name || empty}
            </Typography>
            {company.owner && (
              <LazyTooltip title={t('company.info.editName')}>
                <IconButton
                  size="small"
                  aria-label={t('company.info.editName')}
                  onClick={() => setEditing(true)}
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </LazyTooltip>
            )}
          </Box>
        </Field>
        <Field label={t('company.info.phone')}>{company.phone || empty}</Field>
        <Field label={t('company.info.ownerEmail')}>{company.ownerEmail || empty}</Field>
        <Field label={t('company.info.region')}>
          {company.region ? regionName(t, company.region) : empty}
        </Field>
        <Field label={t('company.info.roles')}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
            {company.type.length === 0
              ? empty
              : company.type.map((role) => (
                  <Chip key={role} size="small" label={t(`company.roles.${role}`)} />
                ))}
          </Box>
        </Field>
      </Box>
      {editing && <EditCompanyNameDialog name={company.name} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

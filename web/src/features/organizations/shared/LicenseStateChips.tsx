import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { useTranslation } from 'react-i18next';

/** SPEC §4 license states of a customer at a glance: expired, expiring in 30 days, unlicensed. */
export function LicenseStateChips({ license }: { license: OrganizationListItem['license'] }) {
  const { t } = useTranslation();
  const states = [
    { key: 'EXPIRED', count: license.expired, color: 'error' },
    { key: 'EXPIRING', count: license.expireSoon, color: 'warning' },
    { key: 'UNLICENSED', count: license.unlicensed, color: 'default' },
  ] as const;
  const shown = states.filter((state) => state.count > 0);
  if (shown.length === 0) {
    return (
      <Chip
        size="small"
        variant="outlined"
        color="success"
        icon={<CheckCircleOutline />}
        label={t('customers.licenseState.allValid')}
      />
    );
  }
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
      {shown.map((state) => (
        <Chip
          key={state.key}
          size="small"
          variant="outlined"
          color={state.color}
          label={t('customers.licenseState.count', {
            label: t(`customers.licenseState.${state.key}`),
            count: state.count,
          })}
        />
      ))}
    </Stack>
  );
}

import Chip from '@mui/material/Chip';
import type { CompanyRole } from '@portal/contracts/roles';
import { useTranslation } from 'react-i18next';

/** SPEC §2: the company role as a tag, Owner in blue and Member in green. */
export function RoleTag({
  companyRole: role,
  size = 'small',
}: {
  companyRole: CompanyRole;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      variant="outlined"
      color={role === 'owner' ? 'info' : 'success'}
      label={t(`components.role.${role}`)}
      data-role={role}
      sx={{ fontWeight: 600, height: size === 'small' ? 22 : undefined }}
    />
  );
}

import Chip from '@mui/material/Chip';
import type { RemoteAccess } from '@portal/contracts/organizations';
import { useTranslation } from 'react-i18next';
import { remoteAccessState } from './remote-access-state.ts';

const COLORS = { enabled: 'success', requesting: 'warning', disabled: 'default' } as const;

export function RemoteAccessChip({ remoteAccess }: { remoteAccess: RemoteAccess }) {
  const { t } = useTranslation();
  const state = remoteAccessState(remoteAccess);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[state]}
      label={t(`customers.remoteAccess.state.${state}`)}
    />
  );
}

import GppGoodOutlined from '@mui/icons-material/GppGoodOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';

/**
 * Whether a member has two-step sign-in (an authenticator app, e-mailed codes or a passkey). `compact`
 * (phones): the icon only, its meaning in the tooltip and the accessible name.
 */
export function TwoStepMark({ enabled, compact = false }: { enabled: boolean; compact?: boolean }) {
  const { t } = useTranslation();
  const label = t(enabled ? 'company.members.twoStepOn' : 'company.members.twoStepOff');
  // The table's column already says what it is about: the chip only says on or off.
  const short = t(enabled ? 'company.members.twoStepOnShort' : 'company.members.twoStepOffShort');
  const Icon = enabled ? GppGoodOutlined : GppMaybeOutlined;
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={enabled ? 'success' : 'default'}
      icon={<Icon fontSize="small" />}
      label={compact ? undefined : short}
      // A chip is a plain element: as an image its name is allowed (axe: aria-prohibited-attr on a div).
      role="img"
      aria-label={label}
      data-two-step={enabled ? 'on' : 'off'}
      sx={compact ? { '& .MuiChip-label': { display: 'none' }, '& .MuiChip-icon': { mx: 0.5 } } : {}}
    />
  );
  return compact ? <LazyTooltip title={label}>{chip}</LazyTooltip> : chip;
}

import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { useViewMode, VIEW_MODES } from '@/shared/navigation/view-mode.ts';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';

const ICONS = { cardMode: GridViewOutlined, mapMode: MapOutlined } as const;

export function ViewModeToggle() {
  const { t } = useTranslation();
  const [mode, setMode] = useViewMode();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={mode}
      aria-label={t('viewMode.label')}
      onChange={(_event, next) => {
        if (next) setMode(next);
      }}
    >
      {VIEW_MODES.map((option) => {
        const Icon = ICONS[option];
        return (
          <LazyTooltip key={option} title={t(`viewMode.${option}`)}>
            <ToggleButton value={option} aria-label={t(`viewMode.${option}`)}>
              <Icon fontSize="small" />
            </ToggleButton>
          </LazyTooltip>
        );
      })}
    </ToggleButtonGroup>
  );
}

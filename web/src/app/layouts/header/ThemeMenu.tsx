import Check from '@mui/icons-material/Check';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_MODE, THEME_MODES, type ThemeMode } from '../../../theme/theme-preference.ts';

const MODE_ICONS = {
  system: SettingsBrightnessOutlined,
  light: LightModeOutlined,
  dark: DarkModeOutlined,
} satisfies Record<ThemeMode, unknown>;

/** Quick System / Light / Dark switch; the account menu's Appearance dialog (later issue) sets the same mode. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current: ThemeMode = mode ?? DEFAULT_THEME_MODE;
  const CurrentIcon = MODE_ICONS[current];
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('header.changeTheme')}>
        <IconButton
          color="inherit"
          aria-label={t('header.changeTheme')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <CurrentIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {THEME_MODES.map((option) => {
          const Icon = MODE_ICONS[option];
          return (
            <MenuItem
              key={option}
              selected={current === option}
              onClick={() => {
                close();
                setMode(option);
              }}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t(`theme.${option}`)}</ListItemText>
              {current === option && <Check fontSize="small" sx={{ ml: 2 }} />}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

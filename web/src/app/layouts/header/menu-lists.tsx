import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES, LANGUAGES } from '@/shared/i18n/languages.ts';
import { chooseLanguage } from '@/shared/session/language/choose-language.ts';
import { useAccount } from '@/shared/session/use-account.ts';
import { DEFAULT_THEME_MODE, THEME_MODES, type ThemeMode } from '@/shared/theme/theme-preference.ts';
import { MODE_ICONS } from './mode-icons.ts';

/**
 * The open menus of the header's language and theme buttons: their own chunk (Menu, Popover, Modal), loaded
 * when a button is first pointed at or opened, so public pages such as /login do not load them up front.
 */
export interface HeaderMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

export function LanguageMenuList({ id, anchor, onClose }: HeaderMenuListProps) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const account = useAccount();
  const signedIn = account ? { userId: account.user.id, queryClient } : undefined;
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGES.map((language) => {
        const selected = i18n.resolvedLanguage === language;
        return (
          <MenuItem
            key={language}
            lang={language}
            selected={selected}
            onClick={() => {
              onClose();
              void chooseLanguage(language, signedIn);
            }}
          >
            <ListItemIcon>{selected && <Check fontSize="small" />}</ListItemIcon>
            <ListItemText>{LANGUAGE_NATIVE_NAMES[language]}</ListItemText>
          </MenuItem>
        );
      })}
    </Menu>
  );
}

export function ThemeMenuList({ id, anchor, onClose }: HeaderMenuListProps) {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  const current: ThemeMode = mode ?? DEFAULT_THEME_MODE;
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {THEME_MODES.map((option) => {
        const Icon = MODE_ICONS[option];
        return (
          <MenuItem
            key={option}
            selected={current === option}
            onClick={() => {
              onClose();
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
  );
}

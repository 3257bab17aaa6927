import { useColorScheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_MODE, type ThemeMode } from '@/shared/theme/theme-preference.ts';
import { HeaderMenuButton } from './HeaderMenuButton.tsx';
import { ThemeMenuList } from './lazy-menu-lists.ts';
import { MODE_ICONS } from './mode-icons.ts';

/** Quick System / Light / Dark switch; the account menu's Appearance dialog (later issue) sets the same mode. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { mode } = useColorScheme();
  const current: ThemeMode = mode ?? DEFAULT_THEME_MODE;
  const CurrentIcon = MODE_ICONS[current];
  return (
    <HeaderMenuButton
      label={t('header.changeTheme')}
      menu="theme"
      icon={<CurrentIcon />}
      MenuList={ThemeMenuList}
    />
  );
}

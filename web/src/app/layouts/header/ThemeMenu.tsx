import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_THEME_MODE, type ThemeMode } from '@/shared/theme/theme-preference.ts';
import { preloadHeaderMenus, ThemeMenuList } from './lazy-menu-lists.ts';
import { MODE_ICONS } from './mode-icons.ts';

/** Quick System / Light / Dark switch; the account menu's Appearance dialog (later issue) sets the same mode. */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { mode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu (its own chunk) mounts on the first open and stays mounted for its closing transition.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const current: ThemeMode = mode ?? DEFAULT_THEME_MODE;
  const CurrentIcon = MODE_ICONS[current];

  return (
    <>
      <Tooltip title={t('header.changeTheme')}>
        <IconButton
          color="inherit"
          aria-label={t('header.changeTheme')}
          aria-haspopup="menu"
          // The pre-rendered sign-in form's button of this name opens it (app/login-shell/open-header-menu.ts).
          data-menu="theme"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onPointerEnter={preloadHeaderMenus}
          onFocus={preloadHeaderMenus}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setUsed(true);
          }}
        >
          <CurrentIcon />
        </IconButton>
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <ThemeMenuList id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

import Translate from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenuList, preloadHeaderMenus } from './lazy-menu-lists.ts';

export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu (its own chunk) mounts on the first open and stays mounted for its closing transition.
  const [used, setUsed] = useState(false);
  const menuId = useId();

  return (
    <>
      <Tooltip title={t('header.changeLanguage')}>
        <IconButton
          color="inherit"
          aria-label={t('header.changeLanguage')}
          aria-haspopup="menu"
          // The pre-rendered sign-in form's button of this name opens it (app/login-shell/open-header-menu.ts).
          data-menu="language"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onPointerEnter={preloadHeaderMenus}
          onFocus={preloadHeaderMenus}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setUsed(true);
          }}
        >
          <Translate />
        </IconButton>
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenuList id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

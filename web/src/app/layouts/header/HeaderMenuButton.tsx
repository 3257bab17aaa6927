import IconButton from '@mui/material/IconButton';
import { type ComponentType, type ReactNode, Suspense, useId, useState } from 'react';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';
import { preloadHeaderMenus } from './lazy-menu-lists.ts';
// A type only: the menus' chunk stays out of the header's.
import type { HeaderMenuListProps } from './menu-lists.tsx';

/**
 * A header icon button that opens a menu (language, theme). The menu (its own chunk) starts loading when the
 * button is pointed at or focused, mounts on the first open and stays mounted for its closing transition.
 */
export function HeaderMenuButton({
  label,
  menu,
  icon,
  MenuList,
}: {
  label: string;
  /** `data-menu`: the pre-rendered sign-in form's button of this name opens it (app/login-shell/open-header-menu.ts). */
  menu: 'language' | 'theme';
  icon: ReactNode;
  MenuList: ComponentType<HeaderMenuListProps>;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = useId();

  return (
    <>
      <LazyTooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          data-menu={menu}
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onPointerEnter={preloadHeaderMenus}
          onFocus={preloadHeaderMenus}
          onClick={(event) => {
            setAnchor(event.currentTarget);
            setUsed(true);
          }}
        >
          {icon}
        </IconButton>
      </LazyTooltip>
      {used && (
        <Suspense fallback={null}>
          <MenuList id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}

import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { CompanyRole } from '@portal/contracts/roles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/shared/brand/BrandContext.tsx';
import { Avatar } from '@/shared/ui/Avatar.tsx';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';
import { RoleTag } from '@/shared/ui/RoleTag.tsx';
import { ACCOUNT_MENU_ENTRIES, type AccountDialog } from './account-menu-items.ts';

export interface AccountMenuProps {
  user: { name: string; email: string };
  companyRole: CompanyRole;
  onOpenDialog: (dialog: AccountDialog) => void;
  onSignOut: () => void;
}

/**
 * SPEC §2 header account menu: avatar, name (a dash when empty), email and role tag; Profile settings,
 * Appearance, About, instructional videos, Help, a divider and Log Out.
 */
export function AccountMenu({ user, companyRole: role, onOpenDialog, onSignOut }: AccountMenuProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const displayName = user.name.trim() || t('accountMenu.noName');

  return (
    <>
      <LazyTooltip title={t('accountMenu.open')}>
        <IconButton
          aria-label={t('accountMenu.open')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ p: 0.5, ml: 0.5 }}
        >
          <Avatar name={user.name} size="md" />
        </IconButton>
      </LazyTooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 300, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box
          component="li"
          role="none"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, pt: 1, pb: 1.5, minWidth: 0 }}
        >
          <Avatar name={user.name} size="lg" />
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography noWrap sx={{ fontWeight: 600 }} data-testid="account-menu-name">
              {displayName}
            </Typography>
            <Typography noWrap variant="body2" color="text.secondary" title={user.email}>
              {user.email}
            </Typography>
            <Box sx={{ mt: 0.5 }}>
              <RoleTag companyRole={role} />
            </Box>
          </Box>
        </Box>
        <Divider />
        {ACCOUNT_MENU_ENTRIES.map((entry) => {
          const Icon = entry.icon;
          const label = t(entry.labelKey);
          return entry.kind === 'dialog' ? (
            <MenuItem
              key={entry.id}
              onClick={() => {
                close();
                onOpenDialog(entry.id);
              }}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{label}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem
              key={entry.id}
              component="a"
              href={entry.href(brand)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${label} ${t('brand.opensInNewTab')}`}
              onClick={close}
            >
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{label}</ListItemText>
              <OpenInNew fontSize="small" sx={{ ml: 2, color: 'text.secondary' }} aria-hidden="true" />
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('accountMenu.logOut')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

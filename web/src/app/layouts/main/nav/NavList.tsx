import OpenInNew from '@mui/icons-material/OpenInNew';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useBrand } from '@/shared/brand/BrandContext.tsx';
import { resellerPortalUrl } from '@/shared/brand/reseller-portal-url.ts';
import { useAccount } from '@/shared/session/use-account.ts';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';
import { type NavItem, visibleNavGroups } from './nav-groups.ts';

/** The grouped navigation links; in rail mode icons only, with the label as tooltip and accessible name. */
export function NavList({ rail, onNavigate }: { rail: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const account = useAccount();
  const groups = visibleNavGroups(account?.user.role);

  return (
    <nav aria-label={t('nav.label')}>
      {groups.map((group, index) => (
        <Fragment key={group.id}>
          {rail && index > 0 && <Divider sx={{ my: 1, mx: 1.5 }} />}
          <List
            dense
            aria-labelledby={rail ? undefined : `nav-group-${group.id}`}
            aria-label={rail ? t(group.labelKey) : undefined}
            subheader={
              rail ? undefined : (
                <ListSubheader
                  id={`nav-group-${group.id}`}
                  disableSticky
                  sx={{
                    bgcolor: 'transparent',
                    lineHeight: '32px',
                    mt: index > 0 ? 1 : 0,
                    fontSize: '0.72rem',
                    fontWeight: 700,
                    letterSpacing: '0.08em',
                  }}
                >
                  {t(group.labelKey)}
                </ListSubheader>
              )
            }
          >
            {group.items.map((item) => (
              <NavEntry
                key={item.id}
                item={item}
                rail={rail}
                email={account?.user.email}
                {...(onNavigate ? { onNavigate } : {})}
              />
            ))}
          </List>
        </Fragment>
      ))}
    </nav>
  );
}

interface NavEntryProps {
  item: NavItem;
  rail: boolean;
  email: string | undefined;
  onNavigate?: () => void;
}

function NavEntry({ item, rail, email, onNavigate }: NavEntryProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const label = t(item.labelKey);
  const Icon = item.icon;
  const itemSx = {
    mx: 1,
    mb: 0.5,
    minHeight: 44,
    borderRadius: 2,
    justifyContent: rail ? 'center' : 'flex-start',
    px: rail ? 0 : 1.5,
    '&.active': {
      bgcolor: 'action.selected',
      color: 'primary.main',
      '& .MuiListItemIcon-root': { color: 'primary.main' },
    },
  } as const;
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: rail ? 0 : 40, justifyContent: 'center' }}>
        <Icon />
      </ListItemIcon>
      {!rail && (
        <ListItemText primary={label} slotProps={{ primary: { noWrap: true, sx: { fontWeight: 500 } } }} />
      )}
      {!rail && item.target.kind === 'external' && (
        <OpenInNew fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden="true" />
      )}
    </>
  );

  const button =
    item.target.kind === 'route' ? (
      <ListItemButton component={NavLink} to={item.target.path} onClick={onNavigate} sx={itemSx}>
        {content}
      </ListItemButton>
    ) : (
      <ListItemButton
        component="a"
        href={resellerPortalUrl(brand, email)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${label} ${t('brand.opensInNewTab')}`}
        onClick={onNavigate}
        sx={itemSx}
      >
        {content}
      </ListItemButton>
    );

  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {rail ? (
        <LazyTooltip title={label} placement="right">
          {button}
        </LazyTooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

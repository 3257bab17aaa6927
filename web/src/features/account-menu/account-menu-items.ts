import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import type SvgIcon from '@mui/material/SvgIcon';
import type { Brand } from '@portal/contracts/brands';

/** The dialogs the account menu opens. */
export type AccountDialog = 'profile' | 'appearance' | 'about';

export type AccountMenuEntry =
  | { id: AccountDialog; kind: 'dialog'; labelKey: string; icon: typeof SvgIcon }
  | { id: string; kind: 'link'; labelKey: string; icon: typeof SvgIcon; href: (brand: Brand) => string };

/** SPEC §2 account menu, in order; Log Out follows after a divider. */
export const ACCOUNT_MENU_ENTRIES: readonly AccountMenuEntry[] = [
  { id: 'profile', kind: 'dialog', labelKey: 'accountMenu.profile', icon: ManageAccountsOutlined },
  { id: 'appearance', kind: 'dialog', labelKey: 'accountMenu.appearance', icon: PaletteOutlined },
  { id: 'about', kind: 'dialog', labelKey: 'accountMenu.about', icon: InfoOutlined },
  {
    id: 'videos',
    kind: 'link',
    labelKey: 'accountMenu.videos',
    icon: OndemandVideoOutlined,
    href: (brand) => brand.links.instructionalVideos,
  },
  {
    id: 'help',
    kind: 'link',
    labelKey: 'accountMenu.help',
    icon: HelpOutlineOutlined,
    href: (brand) => brand.links.help,
  },
];

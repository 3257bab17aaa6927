import Translate from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { HeaderMenuButton } from './HeaderMenuButton.tsx';
import { LanguageMenuList } from './lazy-menu-lists.ts';

export function LanguageMenu() {
  const { t } = useTranslation();
  return (
    <HeaderMenuButton
      label={t('header.changeLanguage')}
      menu="language"
      icon={<Translate />}
      MenuList={LanguageMenuList}
    />
  );
}

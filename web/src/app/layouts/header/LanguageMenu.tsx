import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { LANGUAGE_NATIVE_NAMES, LANGUAGES } from '../../../i18n/languages.ts';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('header.changeLanguage')}>
        <IconButton
          color="inherit"
          aria-label={t('header.changeLanguage')}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Translate />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {LANGUAGES.map((language) => {
          const selected = i18n.resolvedLanguage === language;
          return (
            <MenuItem
              key={language}
              lang={language}
              selected={selected}
              onClick={() => {
                close();
                void changeLanguage(language);
              }}
            >
              <ListItemIcon>{selected && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText>{LANGUAGE_NATIVE_NAMES[language]}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

import type { Components, Theme } from '@mui/material/styles';
import type { Language } from '@/shared/i18n/languages.ts';

/**
 * MUI's own texts in the portal's languages, for the components the portal uses (Autocomplete, Alert).
 * English is MUI's default. Not `@mui/material/locale`'s zhTW: that module builds an Intl.NumberFormat for
 * zh-TW as it loads (for TablePagination, which the portal does not use), and loading the locale's ICU data
 * took 50–80 ms of a desktop's CPU in every first page load, whatever the language.
 */
const ZH_TW: Components<Omit<Theme, 'components'>> = {
  MuiAutocomplete: {
    defaultProps: {
      clearText: '清除',
      closeText: '關閉',
      loadingText: '載入中…',
      noOptionsText: '沒有可用選項',
      openText: '開啟',
    },
  },
  MuiAlert: { defaultProps: { closeText: '關閉' } },
};

export const MUI_LOCALES = { en: {}, 'zh-TW': { components: ZH_TW } } satisfies Record<Language, object>;

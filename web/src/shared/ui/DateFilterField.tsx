import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { zhTW as pickerTextsZhTW } from '@mui/x-date-pickers/locales';
import { isValid, lightFormat, parseISO } from 'date-fns';
import { zhTW } from 'date-fns/locale/zh-TW';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { supportedLanguage } from '@/shared/i18n/languages.ts';
import { MOUSE_MEDIA, TOUCH_MEDIA, TOUCH_TARGET } from '@/shared/theme/touch.ts';

/** SPEC §9: dates are shown yy/mm/dd, in a field as everywhere else. */
const FORMAT = 'yy/MM/dd';

const toDate = (day: string | null | undefined) => {
  const date = day ? parseISO(day) : null;
  return date && isValid(date) ? date : null;
};

export interface DateFilterFieldProps {
  label: string;
  /** The chosen day, 'YYYY-MM-DD', or null for none. */
  value: string | null | undefined;
  onChange: (day: string | null) => void;
  /** The earliest and latest days that can be chosen, 'YYYY-MM-DD'. */
  min?: string | null | undefined;
  max?: string | null | undefined;
}

/**
 * A filter's day, typed as yy/mm/dd or picked from a calendar (a dialog on a phone). The filter
 * changes only when the typed date is complete and valid, or when the field is cleared; a half-typed date
 * stays in the field meanwhile.
 */
export function DateFilterField({ label, value, onChange, min, max }: DateFilterFieldProps) {
  const { i18n } = useTranslation();
  const zh = supportedLanguage(i18n.resolvedLanguage) === 'zh-TW';
  const [draft, setDraft] = useState(() => toDate(value));
  // The filter changed elsewhere (the URL, "Clear filters"): the field shows it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(toDate(value));
  }
  const minDate = toDate(min);
  const maxDate = toDate(max);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      {...(zh && {
        adapterLocale: zhTW,
        localeText: pickerTextsZhTW.components.MuiLocalizationProvider.defaultProps.localeText,
      })}
    >
      <DatePicker
        label={label}
        format={FORMAT}
        // The phone's layout (TOUCH_QUERY) opens the calendar in a dialog from a tap on the field.
        desktopModeMediaQuery={MOUSE_MEDIA}
        value={draft}
        {...(minDate && { minDate })}
        {...(maxDate && { maxDate })}
        onChange={(next) => {
          setDraft(next);
          if (next === null) onChange(null);
          else if (isValid(next)) onChange(lightFormat(next, 'yyyy-MM-dd'));
        }}
        slotProps={{
          textField: {
            size: 'small',
            sx: { [TOUCH_MEDIA]: { '& .MuiPickersInputBase-root': { minHeight: TOUCH_TARGET } } },
          },
          // A phone's calendar dialog can clear the day; a keyboard clears it with Backspace. No clear
          // button in the field: two fields side by side on a phone have no room for it.
          actionBar: ({ pickerVariant }) => ({
            actions: pickerVariant === 'mobile' ? ['clear', 'cancel', 'accept'] : [],
          }),
        }}
      />
    </LocalizationProvider>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from './intl-formats.ts';

/** Numbers grouped the way the current language writes them (1,234). */
export function useNumberFormat(): (value: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = numberFormat(i18n.language);
    return (value: number) => format.format(value);
  }, [i18n.language]);
}

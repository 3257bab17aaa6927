import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/shared/brand/BrandContext.tsx';

/** "<page title> | <product name>", or the product name alone for untitled pages. */
export function useDocumentTitle(titleKey: string | undefined): void {
  const { t } = useTranslation();
  const brand = useBrand();
  const title = titleKey ? `${t(titleKey)} | ${brand.productName}` : brand.productName;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

import Typography from '@mui/material/Typography';
import { COPYRIGHT_YEAR } from '@portal/contracts/brands';
import { useTranslation } from 'react-i18next';
import { useBrand } from './BrandContext.tsx';

export function Copyright() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Typography variant="caption" color="text.secondary">
      {t('brand.copyright', { year: COPYRIGHT_YEAR, company: brand.companyName })}
    </Typography>
  );
}

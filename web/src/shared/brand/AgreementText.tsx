import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { useBrand } from './BrandContext.tsx';

/** The brand's agreement sentence for /login, with its Terms of Service and Privacy Policy links. */
export function AgreementText() {
  const { t } = useTranslation();
  const brand = useBrand();
  const newTab = { target: '_blank', rel: 'noopener noreferrer', title: t('brand.opensInNewTab') } as const;
  return (
    <Typography variant="body2" color="text.secondary">
      <Trans
        i18nKey="brand.agreement"
        t={t}
        values={{ company: brand.companyName }}
        components={{
          terms: <Link href={brand.links.termsOfService} {...newTab} />,
          privacy: <Link href={brand.links.privacyPolicy} {...newTab} />,
        }}
      />
    </Typography>
  );
}

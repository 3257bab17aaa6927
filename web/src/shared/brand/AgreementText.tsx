import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import { INLINE_LINK_SX } from '@/shared/theme/touch.ts';
import { useBrand } from './BrandContext.tsx';

/** The brand's agreement sentence for /login, with its Terms of Service and Privacy Policy links. */
export function AgreementText() {
  const { t } = useTranslation();
  const brand = useBrand();
  // Links inside the sentence: WCAG 2.5.8's inline exception to the 44 px targets.
  const newTab = {
    target: '_blank',
    rel: 'noopener noreferrer',
    title: t('brand.opensInNewTab'),
    sx: INLINE_LINK_SX,
  } as const;
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

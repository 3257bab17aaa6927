import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 2, sm: 4 } }}>
      <Typography
        aria-hidden="true"
        sx={{ fontSize: { xs: '4.5rem', sm: '6rem' }, fontWeight: 800, lineHeight: 1, color: 'primary.main' }}
      >
        404
      </Typography>
      {/* The route's title, as every page's heading is (SPEC §2: "Not found"). */}
      <Typography variant="h1">{t('routes.notFound')}</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {t('notFound.description')}
      </Typography>
      <Button component={Link} to={pathTo(ROUTE.ROOT)} variant="contained" startIcon={<HomeOutlined />}>
        {t('notFound.goHome')}
      </Button>
    </Stack>
  );
}

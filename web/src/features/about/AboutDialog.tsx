import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/shared/brand/BrandContext.tsx';
import { BrandMark } from '@/shared/brand/BrandMark.tsx';
import { Copyright } from '@/shared/brand/Copyright.tsx';
import { useRuntimeConfig } from '@/shared/config/RuntimeConfigContext.tsx';

/** About: the brand's product name, the running version (runtime config) and the copyright line. */
export function AboutDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const brand = useBrand();
  const { version } = useRuntimeConfig();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', pt: 2 }}>
          <BrandMark brandId={brand.id} size={56} />
          <Typography id={titleId} variant="h2" component="h2">
            {brand.productName}
          </Typography>
          <Typography color="text.secondary">{t('about.version', { version })}</Typography>
          <Copyright />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} autoFocus>
          {t('about.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

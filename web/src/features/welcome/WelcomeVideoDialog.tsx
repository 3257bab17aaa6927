import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBrand } from '@/shared/brand/BrandContext.tsx';

/** SPEC §1 welcome tutorial video with 'Learn more' (brand link, new tab) and 'Let's start' (closes it). */
export function WelcomeVideoDialog({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation();
  const brand = useBrand();
  const titleId = useId();
  const [videoFailed, setVideoFailed] = useState(false);
  return (
    <Dialog
      open
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown') onStart();
      }}
    >
      <DialogTitle id={titleId}>{t('welcome.title', { product: brand.productName })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('welcome.intro')}
        </Typography>
        <Box
          sx={{
            position: 'relative',
            aspectRatio: '16 / 9',
            bgcolor: '#000',
            borderRadius: 1,
            overflow: 'hidden',
            display: 'grid',
            placeItems: 'center',
          }}
        >
          {videoFailed ? (
            <Typography sx={{ color: '#fff', px: 3, textAlign: 'center' }}>
              {t('welcome.videoUnavailable')}{' '}
              <Link
                href={brand.links.welcomeVideo}
                target="_blank"
                rel="noopener noreferrer"
                sx={{ color: '#9cc3ff' }}
              >
                {t('welcome.openVideo')}
              </Link>
            </Typography>
          ) : (
            // biome-ignore lint/a11y/useMediaCaption: the brand's tutorial ships without a caption track.
            <video
              src={brand.links.welcomeVideo}
              controls
              preload="metadata"
              aria-label={t('welcome.videoLabel')}
              onError={() => setVideoFailed(true)}
              style={{ width: '100%', height: '100%', display: 'block' }}
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button
          component="a"
          href={brand.links.learnMore}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNew fontSize="small" />}
          aria-label={`${t('welcome.learnMore')} ${t('brand.opensInNewTab')}`}
        >
          {t('welcome.learnMore')}
        </Button>
        <Button variant="contained" onClick={onStart} autoFocus>
          {t('welcome.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { useTranslation } from 'react-i18next';
import { useScrolledPast } from './use-scrolled-past.ts';

/** SPEC §2 / §9: appears once the page is scrolled more than 300 px. */
export const SCROLL_TO_TOP_THRESHOLD = 300;

export function ScrollToTopButton() {
  const { t } = useTranslation();
  const visible = useScrolledPast(SCROLL_TO_TOP_THRESHOLD);
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return (
    <Zoom in={visible}>
      <Fab
        color="primary"
        size="medium"
        aria-label={t('layout.scrollToTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' })}
        sx={{ position: 'fixed', right: { xs: 16, sm: 32 }, bottom: { xs: 16, sm: 32 } }}
      >
        <KeyboardArrowUp />
      </Fab>
    </Zoom>
  );
}

import ArrowBack from '@mui/icons-material/ArrowBack';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { RouteName } from '@/shared/navigation/route-names.ts';
import { LazyTooltip } from '@/shared/ui/LazyTooltip.tsx';
import { backTarget } from './back-target.ts';

/** React Router keeps the position in its history stack in history.state.idx. */
function historyIndex(): number | undefined {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number') {
    return state.idx;
  }
  return undefined;
}

export function BackButton({ back }: { back: RouteName | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const onClick = () => {
    const target = backTarget(back, params, historyIndex());
    if (target === -1) void navigate(-1);
    else void navigate(target);
  };
  return (
    <LazyTooltip title={t('layout.back')}>
      <IconButton onClick={onClick} aria-label={t('layout.back')} edge="start">
        <ArrowBack />
      </IconButton>
    </LazyTooltip>
  );
}

import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A number of the partner list that opens what it counts (the drill-down, filtered, or a scorecard). */
export function FigureLink({ href, label, children }: { href: string; label: string; children: string }) {
  const { t } = useTranslation();
  const described = t('labelValue', { label, value: children });
  return (
    <Link
      component={RouterLink}
      to={href}
      underline="hover"
      aria-label={described}
      title={described}
      sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      {children}
    </Link>
  );
}

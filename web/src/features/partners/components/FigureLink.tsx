import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * A number of the partner list that opens what it counts (the drill-down, filtered, or a scorecard). Numbers
 * never wrap; words ('34 minutes ago') may, so the table still fits at 1440 px with long ones.
 */
export function FigureLink({
  href,
  label,
  children,
  wrap = false,
}: {
  href: string;
  label: string;
  children: string;
  wrap?: boolean;
}) {
  const { t } = useTranslation();
  const described = t('labelValue', { label, value: children });
  return (
    <Link
      component={RouterLink}
      to={href}
      underline="hover"
      aria-label={described}
      title={described}
      sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: wrap ? 'normal' : 'nowrap' }}
    >
      {children}
    </Link>
  );
}

import Link from '@mui/material/Link';
import type { TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNumberFormat } from '@/shared/i18n/use-number-format.ts';
import { ScopedLink as RouterLink } from '@/shared/navigation/scoped-link.tsx';
import { TOUCH_MEDIA } from '@/shared/theme/touch.ts';

interface CountLinkProps {
  count: number;
  href: string;
  /** What is counted, for screen readers and the tooltip: 'Camera offline: 12'. */
  label: string;
  variant?: TypographyProps['variant'];
  /** Where the number sits in its 44 px touch box: 'end' where numbers line up on the right of a column. */
  align?: 'start' | 'end';
}

/** A number that opens the list of what it counts. */
export function CountLink({ count, href, label, variant = 'body2', align = 'start' }: CountLinkProps) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const described = t('labelValue', { label, value: format(count) });
  return (
    <Link
      component={RouterLink}
      to={href}
      variant={variant}
      underline="hover"
      aria-label={described}
      title={described}
      sx={{
        fontWeight: 600,
        fontVariantNumeric: 'tabular-nums',
        [TOUCH_MEDIA]: { justifyContent: align === 'end' ? 'flex-end' : 'flex-start' },
      }}
    >
      {format(count)}
    </Link>
  );
}

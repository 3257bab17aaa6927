import Typography from '@mui/material/Typography';
import { lightFormat } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { useLiveUpdatedAt } from './use-live-updated-at.ts';

/** 'Updated HH:mm:ss': when the live data on screen was last fetched; nothing before it first arrives. */
export function UpdatedAt({ at }: { at: number }) {
  const { t } = useTranslation();
  if (at <= 0) return null;
  const date = new Date(at);
  return (
    <Typography
      component="time"
      dateTime={date.toISOString()}
      variant="caption"
      color="text.secondary"
      data-testid="updated-at"
      sx={{ display: 'block', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
    >
      {t('components.live.updated', { time: lightFormat(date, 'HH:mm:ss') })}
    </Typography>
  );
}

/** `UpdatedAt` of the live queries on screen (one customer's when `organizationId` is given). */
export function LiveUpdatedAt({ organizationId }: { organizationId?: string }) {
  return <UpdatedAt at={useLiveUpdatedAt(organizationId)} />;
}

import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Webhook } from '@portal/contracts/notifications';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';

/** Enabled, disabled by the owner, or disabled by the portal after repeated failures. */
export function WebhookStatus({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  if (webhook.enabled) {
    return (
      <Chip
        size="small"
        color="success"
        variant="outlined"
        label={t('notifications.webhooks.state.enabled')}
      />
    );
  }
  if (webhook.disabledReason) {
    return (
      <Chip
        size="small"
        color="error"
        variant="outlined"
        label={t('notifications.webhooks.state.disabledByPortal')}
        title={webhook.disabledReason}
      />
    );
  }
  return <Chip size="small" variant="outlined" label={t('notifications.webhooks.state.disabled')} />;
}

/** When the last delivery was made and how the receiver answered. */
export function LastDelivery({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const last = webhook.lastDelivery;
  if (!last) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('notifications.webhooks.never')}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <DeliveryStatus ok={last.ok} status={last.responseStatus} />
      <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatDateTime(last.at)}
      </Typography>
    </Stack>
  );
}

/** An HTTP status of a delivery, green when 2xx, red otherwise ('No answer' for a timeout or refused connection). */
export function DeliveryStatus({ ok, status }: { ok: boolean; status: number | null }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={ok ? 'success' : 'error'}
      label={status === null ? t('notifications.detail.noStatus') : String(status)}
      sx={{ fontVariantNumeric: 'tabular-nums' }}
    />
  );
}

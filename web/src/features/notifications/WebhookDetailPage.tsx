import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import PowerSettingsNewOutlined from '@mui/icons-material/PowerSettingsNewOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Webhook, WebhookWithSecret } from '@portal/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useIsCompanyOwner } from '@/shared/api/company-info.ts';
import { webhookQuery } from '@/shared/api/notifications.ts';
import { ApiError } from '@/shared/lib/api-error.ts';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';
import { toast } from '@/shared/lib/toast.ts';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { ConfirmDialog } from '@/shared/ui/ConfirmDialog.tsx';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook } from './api/mutations.ts';
import { DeliveryLog } from './components/DeliveryLog.tsx';
import { SecretDialog } from './components/SecretDialog.tsx';
import { WebhookDialog } from './components/WebhookDialog.tsx';
import { LastDelivery, WebhookStatus } from './components/webhook-bits.tsx';
import { filtersSummary, saveErrorText } from './labels.ts';

/** /my-company/notifications/webhooks/:webhookId: one webhook, its delivery log and the owner's actions. */
export function WebhookDetailPage() {
  const { t } = useTranslation();
  const { webhookId = '' } = useParams();
  const webhook = useQuery({ ...webhookQuery(webhookId), meta: { hideNotification: true } });

  if (webhook.isError) {
    const missing = webhook.error instanceof ApiError && webhook.error.status === 404;
    return (
      <Alert
        severity={missing ? 'info' : 'error'}
        action={
          missing ? undefined : (
            <Button color="inherit" size="small" onClick={() => void webhook.refetch()}>
              {t('notifications.retry')}
            </Button>
          )
        }
      >
        {t(missing ? 'notifications.detail.notFound' : 'notifications.detail.loadFailed')}
      </Alert>
    );
  }
  if (!webhook.data) {
    return (
      <Stack spacing={3} aria-busy="true">
        <Skeleton variant="rounded" height={180} />
        <Skeleton variant="rounded" height={280} />
      </Stack>
    );
  }
  return <WebhookDetail webhook={webhook.data} />;
}

type Dialog = 'edit' | 'rotate' | 'delete' | null;

function WebhookDetail({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isOwner = useIsCompanyOwner();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const test = useTestWebhook(webhook.id);
  const update = useUpdateWebhook(webhook.id);
  const remove = useDeleteWebhook();

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (attempt) => {
        const ok =
          attempt.responseStatus !== null && attempt.responseStatus >= 200 && attempt.responseStatus < 300;
        if (ok) {
          toast.success(
            t('notifications.detail.testSent', {
              status: attempt.responseStatus,
              duration: attempt.durationMs,
            }),
          );
        } else {
          const reason =
            attempt.error ??
            (attempt.responseStatus === null
              ? t('notifications.detail.testNoAnswer')
              : `HTTP ${attempt.responseStatus}`);
          toast.error(t('notifications.detail.testFailed', { error: reason }));
        }
      },
      onError: (error) => toast.error(saveErrorText(t, error)),
    });

  const toggle = () =>
    update.mutate(
      { enabled: !webhook.enabled },
      {
        onSuccess: (saved) =>
          toast.success(
            t(saved.enabled ? 'notifications.detail.enabledToast' : 'notifications.detail.disabledToast'),
          ),
        onError: (error) => toast.error(saveErrorText(t, error)),
      },
    );

  const rotate = () =>
    update.mutate(
      { rotateSecret: true },
      {
        onSuccess: (saved) => {
          setDialog(null);
          setSecret((saved as WebhookWithSecret).secret);
        },
        onError: (error) => toast.error(saveErrorText(t, error)),
      },
    );

  const fields: [string, React.ReactNode][] = [
    [
      'url',
      <Typography key="url" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {webhook.url}
      </Typography>,
    ],
    [
      'events',
      <Typography key="events" variant="body2">
        {filtersSummary(t, webhook.events)}
      </Typography>,
    ],
    [
      'status',
      <Stack key="status" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <WebhookStatus webhook={webhook} />
        {webhook.consecutiveFailures > 0 && (
          <Typography variant="body2" color="error">
            {t('notifications.webhooks.failures', { count: webhook.consecutiveFailures })}
          </Typography>
        )}
      </Stack>,
    ],
    ['lastDelivery', <LastDelivery key="last" webhook={webhook} />],
  ];

  return (
    <Stack spacing={3}>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="webhook-name"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'flex-start' } }}
        >
          <Typography id="webhook-name" variant="h2" sx={{ overflowWrap: 'anywhere' }}>
            {webhook.name}
          </Typography>
          {isOwner && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: { md: 'flex-end' } }}>
              <Button
                variant="contained"
                startIcon={<SendOutlined />}
                onClick={sendTest}
                loading={test.isPending}
              >
                {t('notifications.detail.sendTest')}
              </Button>
              <Button variant="outlined" startIcon={<EditOutlined />} onClick={() => setDialog('edit')}>
                {t('notifications.detail.edit')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<PowerSettingsNewOutlined />}
                onClick={toggle}
                disabled={update.isPending}
              >
                {t(webhook.enabled ? 'notifications.detail.disable' : 'notifications.detail.enable')}
              </Button>
              <Button variant="outlined" startIcon={<KeyOutlined />} onClick={() => setDialog('rotate')}>
                {t('notifications.detail.rotate')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                startIcon={<DeleteOutlined />}
                onClick={() => setDialog('delete')}
              >
                {t('notifications.detail.delete')}
              </Button>
            </Box>
          )}
        </Stack>
        {webhook.disabledReason && !webhook.enabled && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('notifications.detail.disabledReason', { reason: webhook.disabledReason })}
          </Alert>
        )}
        {webhook.previousSecretExpiresAt && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('notifications.detail.previousSecret', {
              time: formatDateTime(webhook.previousSecretExpiresAt),
            })}
          </Alert>
        )}
        <Box
          component="dl"
          sx={{
            mt: 2,
            mb: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
            columnGap: 2,
            rowGap: { xs: 0.5, sm: 1.5 },
            alignItems: 'center',
          }}
        >
          {fields.map(([key, value]) => (
            <Fragment key={key}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
                {t(`notifications.webhooks.${key}`)}
              </Typography>
              <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                {value}
              </Box>
            </Fragment>
          ))}
        </Box>
      </Paper>
      <DeliveryLog webhookId={webhook.id} />
      {dialog === 'edit' && <WebhookDialog webhook={webhook} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'rotate'}
        title={t('notifications.detail.rotateTitle')}
        message={t('notifications.detail.rotateMessage')}
        confirmLabel={t('notifications.detail.rotate')}
        busy={update.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={rotate}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('notifications.detail.deleteTitle')}
        message={t('notifications.detail.deleteMessage', { name: webhook.name })}
        confirmLabel={t('notifications.detail.delete')}
        confirmColor="error"
        busy={remove.isPending}
        onCancel={() => setDialog(null)}
        onConfirm={() =>
          remove.mutate(webhook.id, {
            onSuccess: () => {
              toast.success(t('notifications.webhooks.deleted'));
              void navigate(pathTo(ROUTE.COMPANY_NOTIFICATIONS), { replace: true });
            },
            onError: (error) => toast.error(saveErrorText(t, error)),
          })
        }
      />
      {secret && <SecretDialog name={webhook.name} secret={secret} onClose={() => setSecret(null)} />}
    </Stack>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useIsCompanyOwner } from '@/shared/api/company-info.ts';
import { useMembers } from '@/shared/api/members.ts';
import { notificationSettingsQuery } from '@/shared/api/notifications.ts';
import { useAccount } from '@/shared/session/use-account.ts';
import { RulesSection } from './components/RulesSection.tsx';
import { SubscriptionSection } from './components/SubscriptionSection.tsx';
import { WebhooksSection } from './components/WebhooksSection.tsx';

/**
 * /my-company/notifications (issue 15, dealers): the member's own e-mail subscription, the company's mail
 * rules and time zone, and the partner webhooks. Every member reads; the owner changes the rules and webhooks.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const isOwner = useIsCompanyOwner();
  const settings = useQuery({ ...notificationSettingsQuery(), meta: { hideNotification: true } });
  const members = useMembers(account?.company.id);

  return (
    <Stack spacing={3}>
      <SubscriptionSection timeZone={settings.data?.timeZone} />
      {settings.isPending && <Skeleton variant="rounded" height={200} />}
      {settings.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
              {t('notifications.retry')}
            </Button>
          }
        >
          {t('notifications.loadFailed')}
        </Alert>
      )}
      {settings.data && (
        <RulesSection settings={settings.data} members={members.data ?? []} isOwner={isOwner} />
      )}
      <WebhooksSection isOwner={isOwner} />
    </Stack>
  );
}

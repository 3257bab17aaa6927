import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { WebhookWithSecret } from '@portal/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { webhooksQuery } from '@/shared/api/notifications.ts';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
import { ListQueryStates } from '@/shared/ui/cards/ListQueryStates.tsx';
import { SectionCard } from '@/shared/ui/cards/SectionCard.tsx';
import { filtersSummary } from '../labels.ts';
import { SecretDialog } from './SecretDialog.tsx';
import { WebhookDialog } from './WebhookDialog.tsx';
import { LastDelivery, WebhookStatus } from './webhook-bits.tsx';

const webhookUrl = (id: string) => pathTo(ROUTE.WEBHOOK_DETAIL, { webhookId: id });

/** "Webhooks": the owner adds them (the secret is shown once); every member reads the list. */
export function WebhooksSection({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const navigate = useNavigate();
  const webhooks = useQuery({ ...webhooksQuery(), meta: { hideNotification: true } });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const items = webhooks.data ?? [];

  return (
    <SectionCard
      heading={t('notifications.webhooks.heading')}
      intro={t('notifications.webhooks.intro')}
      add={isOwner ? { label: t('notifications.webhooks.add'), onClick: () => setCreating(true) } : undefined}
    >
      <ListQueryStates
        query={webhooks}
        isEmpty={items.length === 0}
        skeletonRows={2}
        loadFailed={t('notifications.webhooks.loadFailed')}
        retry={t('notifications.retry')}
        empty={t('notifications.webhooks.empty')}
      />
      {items.length > 0 &&
        (wide ? (
          <Table aria-label={t('notifications.webhooks.listLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('notifications.webhooks.name')}</TableCell>
                <TableCell>{t('notifications.webhooks.url')}</TableCell>
                <TableCell>{t('notifications.webhooks.events')}</TableCell>
                <TableCell>{t('notifications.webhooks.status')}</TableCell>
                <TableCell>{t('notifications.webhooks.lastDelivery')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((webhook) => (
                <TableRow key={webhook.id} hover data-testid="webhook-row">
                  <TableCell sx={{ fontWeight: 600 }}>
                    <Link component={RouterLink} to={webhookUrl(webhook.id)}>
                      {webhook.name}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>{webhook.url}</TableCell>
                  <TableCell sx={{ maxWidth: 260 }}>{filtersSummary(t, webhook.events)}</TableCell>
                  <TableCell>
                    <WebhookStatus webhook={webhook} />
                  </TableCell>
                  <TableCell>
                    <LastDelivery webhook={webhook} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <List disablePadding aria-label={t('notifications.webhooks.listLabel')}>
            {items.map((webhook, index) => (
              <Fragment key={webhook.id}>
                <ListItem
                  divider={index < items.length - 1}
                  data-testid="webhook-row"
                  sx={{ display: 'block', px: 2, py: 1.5 }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Link
                      component={RouterLink}
                      to={webhookUrl(webhook.id)}
                      sx={{ fontWeight: 600, flexGrow: 1, overflowWrap: 'anywhere' }}
                    >
                      {webhook.name}
                    </Link>
                    <WebhookStatus webhook={webhook} />
                    <ChevronRight color="action" aria-hidden="true" />
                  </Box>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ overflowWrap: 'anywhere', mt: 0.5 }}
                  >
                    {webhook.url}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {filtersSummary(t, webhook.events)}
                  </Typography>
                  <Box sx={{ mt: 0.5 }}>
                    <LastDelivery webhook={webhook} />
                  </Box>
                </ListItem>
              </Fragment>
            ))}
          </List>
        ))}
      {creating && !created && (
        <WebhookDialog webhook={null} onCreated={setCreated} onClose={() => setCreating(false)} />
      )}
      {created && (
        <SecretDialog
          name={created.name}
          secret={created.secret}
          onClose={() => {
            const id = created.id;
            setCreated(null);
            setCreating(false);
            void navigate(webhookUrl(id));
          }}
        />
      )}
    </SectionCard>
  );
}

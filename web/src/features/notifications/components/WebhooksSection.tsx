import AddOutlined from '@mui/icons-material/AddOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
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
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { webhooksQuery } from '@/shared/api/notifications.ts';
import { pathTo, ROUTE } from '@/shared/navigation/route-names.ts';
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
  const headingId = useId();
  const navigate = useNavigate();
  const webhooks = useQuery({ ...webhooksQuery(), meta: { hideNotification: true } });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  const items = webhooks.data ?? [];

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 2, px: { xs: 2, sm: 3 }, py: 2, flexWrap: 'wrap' }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={headingId} variant="h2">
            {t('notifications.webhooks.heading')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('notifications.webhooks.intro')}
          </Typography>
        </Box>
        {isOwner && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            {t('notifications.webhooks.add')}
          </Button>
        )}
      </Box>
      {webhooks.isPending && (
        <Box sx={{ px: 3, pb: 2 }}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Box>
      )}
      {webhooks.isError && (
        <Alert
          severity="error"
          sx={{ mx: 2, mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void webhooks.refetch()}>
              {t('notifications.retry')}
            </Button>
          }
        >
          {t('notifications.webhooks.loadFailed')}
        </Alert>
      )}
      {webhooks.isSuccess && items.length === 0 && (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          {t('notifications.webhooks.empty')}
        </Typography>
      )}
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
    </Paper>
  );
}

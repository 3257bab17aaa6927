import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import type { WebhookDelivery } from '@portal/contracts/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { webhookDeliveriesQuery } from '@/shared/api/notifications.ts';
import { formatDateTime } from '@/shared/lib/format-date-time.ts';
import { DeliveryStatus } from './webhook-bits.tsx';

const isOk = (delivery: WebhookDelivery) =>
  delivery.responseStatus !== null && delivery.responseStatus >= 200 && delivery.responseStatus < 300;

const COLUMNS = ['event', 'attempt', 'status', 'duration', 'time', 'error'] as const;

/** GET /v1/webhooks/{id}/deliveries: every attempt, newest first, page after page. */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const headingId = useId();
  const log = useInfiniteQuery({ ...webhookDeliveriesQuery(webhookId), meta: { hideNotification: true } });
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  const cells = (delivery: WebhookDelivery): Record<(typeof COLUMNS)[number], React.ReactNode> => ({
    event: (
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {delivery.event}
      </Box>
    ),
    attempt: delivery.attempt,
    status: <DeliveryStatus ok={isOk(delivery)} status={delivery.responseStatus} />,
    duration: t('notifications.detail.durationMs', {
      value: delivery.durationMs.toLocaleString(i18n.language),
    }),
    time: formatDateTime(delivery.at),
    error: delivery.error ?? '',
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
        {t('notifications.detail.deliveries')}
      </Typography>
      {log.isPending && (
        <Box sx={{ px: 3, pb: 2 }}>
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Box>
      )}
      {log.isError && !log.data && (
        <Alert
          severity="error"
          sx={{ mx: 2, mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void log.refetch()}>
              {t('notifications.retry')}
            </Button>
          }
        >
          {t('notifications.detail.deliveriesFailed')}
        </Alert>
      )}
      {log.isSuccess && items.length === 0 && (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          {t('notifications.detail.deliveriesEmpty')}
        </Typography>
      )}
      {items.length > 0 &&
        (wide ? (
          <Table size="small" aria-label={t('notifications.detail.deliveries')}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{t(`notifications.detail.columns.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((delivery) => {
                const row = cells(delivery);
                return (
                  <TableRow key={delivery.id} data-testid="delivery-row">
                    {COLUMNS.map((column) => (
                      <TableCell
                        key={column}
                        sx={
                          column === 'error'
                            ? { maxWidth: 360, overflowWrap: 'anywhere' }
                            : { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }
                        }
                      >
                        {row[column]}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        ) : (
          <List disablePadding aria-label={t('notifications.detail.deliveries')}>
            {items.map((delivery, index) => {
              const row = cells(delivery);
              return (
                <Fragment key={delivery.id}>
                  <ListItem
                    divider={index < items.length - 1}
                    data-testid="delivery-row"
                    sx={{ display: 'block', px: 2, py: 1.5 }}
                  >
                    <Box
                      sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}
                    >
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {row.event}
                      </Typography>
                      {row.status}
                    </Box>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                      {`${row.time} · ${t('notifications.detail.columns.attempt')} ${delivery.attempt} · ${row.duration}`}
                    </Typography>
                    {delivery.error && (
                      <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                        {delivery.error}
                      </Typography>
                    )}
                  </ListItem>
                </Fragment>
              );
            })}
          </List>
        ))}
      {log.hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void log.fetchNextPage()}
            loading={log.isFetchingNextPage}
          >
            {t('notifications.detail.loadMore')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

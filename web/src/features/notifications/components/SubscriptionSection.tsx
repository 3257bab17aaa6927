import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Subscription, subscriptionInputSchema } from '@portal/contracts/notifications';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { subscriptionQuery } from '@/shared/api/notifications.ts';
import { toast } from '@/shared/lib/toast.ts';
import { useLeaveGuard } from '@/shared/ui/use-leave-guard.tsx';
import { useSaveSubscription } from '../api/mutations.ts';
import { saveErrorText } from '../labels.ts';
import { CustomerField, DeliveryField, EventFilterField, SwitchField, TimeZoneField } from './fields.tsx';

type FormInput = z.input<typeof subscriptionInputSchema>;
type FormOutput = z.output<typeof subscriptionInputSchema>;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const pad = (value: number) => String(value).padStart(2, '0');
/** Quiet hours start and end on the half hour, written 24-hour (SPEC §9) whatever the browser's locale. */
const HALF_HOURS = HOURS.flatMap((hour) => [`${pad(hour)}:00`, `${pad(hour)}:30`]);
const DEFAULT_QUIET_HOURS = { from: '22:00', to: '07:00' };

export const subscriptionFormValues = (subscription: Subscription): FormInput => ({
  delivery: subscription.delivery,
  events: subscription.events as FormInput['events'],
  organizationIds: subscription.organizationIds,
  reminders: subscription.reminders,
  quietHours: subscription.quietHours,
  digestHour: subscription.digestHour,
  timeZone: subscription.timeZone,
});

/** "My e-mail notifications": every member's own subscription (PUT /v1/subscription). */
export function SubscriptionSection({ timeZone }: { timeZone: string | undefined }) {
  const { t } = useTranslation();
  const headingId = useId();
  const subscription = useQuery({ ...subscriptionQuery(), meta: { hideNotification: true } });
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h2">
        {t('notifications.subscription.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('notifications.subscription.intro')}
      </Typography>
      {subscription.isPending && <Skeleton variant="rounded" height={320} />}
      {subscription.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void subscription.refetch()}>
              {t('notifications.retry')}
            </Button>
          }
        >
          {t('notifications.loadFailed')}
        </Alert>
      )}
      {subscription.data && <SubscriptionForm subscription={subscription.data} timeZone={timeZone} />}
    </Paper>
  );
}

export function SubscriptionForm({
  subscription,
  timeZone,
}: {
  subscription: Subscription;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation();
  const save = useSaveSubscription();
  const { control, handleSubmit, formState, watch, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(subscriptionInputSchema),
    defaultValues: subscriptionFormValues(subscription),
  });
  const delivery = watch('delivery');
  const quietHours = watch('quietHours');
  const ownTimeZone = watch('timeZone');
  const effectiveTimeZone = ownTimeZone ?? timeZone;
  const quietError = formState.errors.quietHours;
  const leaveConfirmation = useLeaveGuard(formState.isDirty);

  const submit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      reset(subscriptionFormValues(saved));
      toast.success(t('notifications.saved'));
    } catch (error) {
      toast.error(saveErrorText(t, error));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('notifications.subscription.heading')}>
      <Stack spacing={2.5}>
        {!subscription.saved && <Alert severity="info">{t('notifications.subscription.notSaved')}</Alert>}
        <Controller
          control={control}
          name="delivery"
          render={({ field }) => (
            <DeliveryField name="subscription-delivery" value={field.value} onChange={field.onChange} />
          )}
        />
        {delivery === 'off' ? (
          <Typography variant="body2" color="text.secondary">
            {t('notifications.subscription.offHint')}
          </Typography>
        ) : (
          <>
            <EventFilterField control={control} name="events" />
            <CustomerField control={control} name="organizationIds" />
            <SwitchField control={control} name="reminders" label={t('notifications.reminders.label')} />
            <TimeZoneField control={control} name="timeZone" companyTimeZone={timeZone} />
            {delivery === 'digest' && (
              <Controller
                control={control}
                name="digestHour"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('notifications.subscription.digestHour')}
                    value={field.value ?? 8}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    helperText={
                      effectiveTimeZone &&
                      t('notifications.subscription.digestHourHint', { timeZone: effectiveTimeZone })
                    }
                    sx={{ maxWidth: 280 }}
                  >
                    {HOURS.map((hour) => (
                      <MenuItem key={hour} value={hour}>
                        {`${pad(hour)}:00`}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            )}
            {delivery === 'immediate' && (
              <Controller
                control={control}
                name="quietHours"
                render={({ field }) => (
                  <Stack spacing={1}>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={field.value != null}
                          onChange={(event) =>
                            field.onChange(event.target.checked ? DEFAULT_QUIET_HOURS : null)
                          }
                        />
                      }
                      label={t('notifications.subscription.quietHours')}
                    />
                    {quietHours && (
                      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                        <TextField
                          select
                          label={t('notifications.subscription.from')}
                          value={quietHours.from}
                          onChange={(event) => field.onChange({ ...quietHours, from: event.target.value })}
                          error={Boolean(quietError)}
                          sx={{ width: 130 }}
                        >
                          {(HALF_HOURS.includes(quietHours.from)
                            ? HALF_HOURS
                            : [quietHours.from, ...HALF_HOURS]
                          ).map((time) => (
                            <MenuItem key={time} value={time}>
                              {time}
                            </MenuItem>
                          ))}
                        </TextField>
                        <TextField
                          select
                          label={t('notifications.subscription.to')}
                          value={quietHours.to}
                          onChange={(event) => field.onChange({ ...quietHours, to: event.target.value })}
                          error={Boolean(quietError)}
                          sx={{ width: 130 }}
                        >
                          {(HALF_HOURS.includes(quietHours.to)
                            ? HALF_HOURS
                            : [quietHours.to, ...HALF_HOURS]
                          ).map((time) => (
                            <MenuItem key={time} value={time}>
                              {time}
                            </MenuItem>
                          ))}
                        </TextField>
                      </Stack>
                    )}
                    <Typography
                      variant="caption"
                      color={quietError ? 'error' : 'text.secondary'}
                      role={quietError ? 'alert' : undefined}
                    >
                      {quietError
                        ? t('notifications.subscription.invalidTime')
                        : t('notifications.subscription.quietHoursHint')}
                    </Typography>
                  </Stack>
                )}
              />
            )}
          </>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={!formState.isDirty} loading={save.isPending}>
            {t('notifications.subscription.save')}
          </Button>
        </Box>
      </Stack>
      {leaveConfirmation}
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createWebhookSchema, type Webhook, type WebhookWithSecret } from '@portal/contracts/notifications';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '@/shared/lib/api-error.ts';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { useSchemaForm } from '@/shared/ui/use-schema-form.ts';
import { useCreateWebhook, useUpdateWebhook } from '../api/mutations.ts';
import { fieldOfServerMessage, saveErrorText, spec5Message } from '../labels.ts';
import { EventFilterField, SwitchField } from './fields.tsx';

type FormInput = z.input<typeof createWebhookSchema>;

/** The server's answer when the company has as many webhooks as it may (issue 23). */
const WEBHOOK_LIMIT_KEY = 'errors.server.webhookLimit';

/** The placeholders a body template may use: paths of the default payload (server webhooks/payload.ts). */
export const TEMPLATE_PLACEHOLDERS = [
  'type',
  'timestamp',
  'incident.id',
  'incident.category',
  'incident.type',
  'incident.startedAt',
  'incident.resolvedAt',
  'incident.affectedDevices',
  'incident.url',
  'customer.id',
  'customer.name',
  'site.id',
  'site.name',
  'device.id',
  'device.name',
  'device.type',
] as const;

const EXAMPLE_TEMPLATE = `{
  "text": "{{type}}: {{device.name}} ({{customer.name}}) {{incident.type}}",
  "category": "{{incident.category}}",
  "link": "{{incident.url}}"
}`;

/** Create a webhook (then its secret is shown once) or edit one. */
export function WebhookDialog({
  webhook,
  onCreated,
  onClose,
}: {
  /** null: a new webhook. */
  webhook: Webhook | null;
  onCreated?: (created: WebhookWithSecret) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const templateHelpId = useId();
  const [showHelp, setShowHelp] = useState(false);
  /** The company already has as many webhooks as it may: said in the form, which cannot succeed as it is. */
  const [limitReached, setLimitReached] = useState<string | null>(null);
  const create = useCreateWebhook();
  const update = useUpdateWebhook(webhook?.id ?? '');
  const form = useSchemaForm(createWebhookSchema, {
    defaultValues: {
      name: webhook?.name ?? '',
      url: webhook?.url ?? '',
      events: (webhook?.events ?? []) as FormInput['events'],
      template: webhook?.template ?? '',
      enabled: webhook?.enabled ?? true,
    },
    mode: 'onTouched',
  });
  const { control, handleSubmit, formState, setError } = form;

  const submit = handleSubmit(async (input) => {
    const body = { ...input, template: input.template?.trim() ? input.template : undefined };
    try {
      if (webhook) {
        await update.mutateAsync({ ...body, template: body.template ?? '' });
        toast.success(t('notifications.saved'));
        onClose();
      } else {
        const created = await create.mutateAsync(body);
        toast.success(t('notifications.webhooks.created'));
        onCreated?.(created);
      }
    } catch (error) {
      if (error instanceof ApiError && error.messageKey === WEBHOOK_LIMIT_KEY) {
        setLimitReached(saveErrorText(t, error));
        return;
      }
      const detail = (error as { detail?: string }).detail;
      const field = fieldOfServerMessage(detail);
      if (field) setError(field, { message: spec5Message(detail) });
      toast.error(saveErrorText(t, error));
    }
  });

  return (
    <FormDialog
      title={t(webhook ? 'notifications.webhooks.edit' : 'notifications.webhooks.add')}
      isDirty={formState.isDirty}
      busy={create.isPending || update.isPending}
      maxWidth="sm"
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        {limitReached && (
          <Alert severity="warning" data-testid="webhook-limit">
            {limitReached}
          </Alert>
        )}
        <FormTextField
          form={form}
          name="name"
          label={t('notifications.webhooks.name')}
          autoComplete="off"
          autoFocus
        />
        <FormTextField
          form={form}
          name="url"
          label={t('notifications.webhooks.url')}
          placeholder="https://tickets.example.com/hooks/portal"
          type="url"
          autoComplete="off"
        />
        <EventFilterField control={control} name="events" />
        <FormTextField
          form={form}
          name="template"
          hint={t('notifications.webhooks.templateHint')}
          label={t('notifications.webhooks.template')}
          multiline
          minRows={4}
          maxRows={14}
          placeholder={EXAMPLE_TEMPLATE}
          slotProps={{
            htmlInput: {
              spellCheck: false,
              'aria-describedby': templateHelpId,
              style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 },
            },
          }}
        />
        <Box id={templateHelpId}>
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => setShowHelp((shown) => !shown)}
          >
            {t('notifications.webhooks.placeholders')}
          </Link>
          {showHelp && (
            <Box sx={{ mt: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('notifications.webhooks.placeholdersIntro', { example: '{{device.name}}' })}
              </Typography>
              <Box
                component="ul"
                sx={{
                  m: 0,
                  mt: 0.5,
                  pl: 2.5,
                  columns: { xs: 1, sm: 2 },
                  fontFamily: 'monospace',
                  fontSize: 13,
                }}
              >
                {TEMPLATE_PLACEHOLDERS.map((placeholder) => (
                  <li key={placeholder}>{`{{${placeholder}}}`}</li>
                ))}
              </Box>
            </Box>
          )}
        </Box>
        <SwitchField control={control} name="enabled" label={t('notifications.webhooks.enabled')} />
      </Stack>
    </FormDialog>
  );
}

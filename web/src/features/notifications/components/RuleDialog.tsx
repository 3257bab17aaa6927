import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type NotificationRule, notificationRuleInputSchema } from '@portal/contracts/notifications';
import type { Member } from '@portal/contracts/reseller';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { useSchemaForm } from '@/shared/ui/use-schema-form.ts';
import { useSaveRule } from '../api/mutations.ts';
import { fieldOfServerMessage, saveErrorText, spec5Message } from '../labels.ts';
import { CustomerField, DeliveryField, EventFilterField, SwitchField } from './fields.tsx';

type FormInput = z.input<typeof notificationRuleInputSchema>;

const EMPTY: FormInput = {
  name: '',
  events: [],
  organizationIds: null,
  recipients: 'owner',
  delivery: 'immediate',
  reminders: true,
};

const valuesOf = (rule: NotificationRule): FormInput => ({
  name: rule.name,
  events: rule.events as FormInput['events'],
  organizationIds: rule.organizationIds,
  recipients: rule.recipients,
  delivery: rule.delivery,
  reminders: rule.reminders,
});

/** Add or edit a company rule (owner). */
export function RuleDialog({
  rule,
  members,
  onClose,
}: {
  /** null: a new rule. */
  rule: NotificationRule | null;
  members: readonly Member[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveRule();
  const form = useSchemaForm(notificationRuleInputSchema, {
    defaultValues: rule ? valuesOf(rule) : EMPTY,
    mode: 'onTouched',
  });
  const { control, handleSubmit, formState, setError } = form;

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: rule?.id ?? null, input });
      toast.success(t('notifications.saved'));
      onClose();
    } catch (error) {
      const detail = (error as { detail?: string }).detail;
      if (fieldOfServerMessage(detail) === 'name') setError('name', { message: spec5Message(detail) });
      toast.error(saveErrorText(t, error));
    }
  });

  return (
    <FormDialog
      title={t(rule ? 'notifications.rules.edit' : 'notifications.rules.add')}
      isDirty={formState.isDirty}
      busy={save.isPending}
      maxWidth="sm"
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <FormTextField
          form={form}
          name="name"
          label={t('notifications.rules.name')}
          autoComplete="off"
          autoFocus
        />
        <EventFilterField control={control} name="events" />
        <CustomerField control={control} name="organizationIds" />
        <Controller
          control={control}
          name="recipients"
          render={({ field, fieldState }) => {
            const mode = Array.isArray(field.value) ? 'chosen' : field.value;
            const chosen = Array.isArray(field.value) ? field.value : [];
            return (
              <Stack spacing={1.5}>
                <TextField
                  select
                  label={t('notifications.rules.recipients')}
                  value={mode}
                  onChange={(event) =>
                    field.onChange(event.target.value === 'chosen' ? [] : event.target.value)
                  }
                >
                  {(['owner', 'members', 'chosen'] as const).map((option) => (
                    <MenuItem key={option} value={option}>
                      {t(`notifications.rules.recipientsMode.${option}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {mode === 'chosen' && (
                  <Autocomplete
                    multiple
                    options={members as Member[]}
                    value={members.filter((member) => chosen.includes(member.userId))}
                    onChange={(_event, next) => field.onChange(next.map((member) => member.userId))}
                    getOptionLabel={(member) => `${member.name} <${member.email}>`}
                    getOptionKey={(member) => member.userId}
                    isOptionEqualToValue={(option, value) => option.userId === value.userId}
                    filterSelectedOptions
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        label={t('notifications.rules.pickMembers')}
                        error={Boolean(fieldState.error)}
                        helperText={t('notifications.rules.pickMembersHint')}
                      />
                    )}
                  />
                )}
              </Stack>
            );
          }}
        />
        <Controller
          control={control}
          name="delivery"
          render={({ field }) => (
            <DeliveryField name="rule-delivery" value={field.value} onChange={field.onChange} />
          )}
        />
        <SwitchField control={control} name="reminders" label={t('notifications.reminders.label')} />
      </Stack>
    </FormDialog>
  );
}

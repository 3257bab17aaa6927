import Autocomplete from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { MAIL_DELIVERY_MODES, type MailDeliveryMode } from '@portal/contracts/notifications';
import type { OrganizationListItem } from '@portal/contracts/organizations';
import { useId, useMemo } from 'react';
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationList } from '@/shared/api/organization-list.ts';
import { categoryLabel, FILTER_OPTIONS, filterLabel } from '../labels.ts';

const FILTER_VALUES = FILTER_OPTIONS.map((option) => option.value);
const CATEGORY_OF = new Map(FILTER_OPTIONS.map((option) => [option.value, option.category]));

/** A form's field of type `V`, bound to its react-hook-form control by name. */
interface BoundField<T extends FieldValues, V> {
  control: Control<T>;
  name: FieldPathByValue<T, V>;
}

/** Categories and types of incidents (empty: every incident), grouped by category. */
export function EventFilterField<T extends FieldValues>({
  control,
  name,
  label,
}: BoundField<T, string[] | undefined> & { label?: string }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name });
  const value = (field.value ?? []) as string[];
  const onChange = field.onChange;
  return (
    <Autocomplete
      multiple
      options={FILTER_VALUES}
      value={value}
      onChange={(_event, next) => onChange(next)}
      groupBy={(option) => categoryLabel(t, CATEGORY_OF.get(option) ?? '')}
      getOptionLabel={(option) => filterLabel(t, option)}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('notifications.events.label')}
          placeholder={value.length === 0 ? t('notifications.events.all') : undefined}
          helperText={t('notifications.events.allHint')}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}

/** All customers (null) or chosen ones. */
export function CustomerField<T extends FieldValues>({
  control,
  name,
}: BoundField<T, string[] | null | undefined>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const value = (field.value ?? null) as string[] | null;
  const onChange = field.onChange;
  const error = fieldState.error !== undefined;
  const labelId = useId();
  const customers = useOrganizationList({ hideNotification: true });
  const byId = useMemo(
    () => new Map((customers.data ?? []).map((customer) => [customer.id, customer])),
    [customers.data],
  );
  const chosen = (value ?? []).map(
    (id) => byId.get(id) ?? ({ id, name: id } as unknown as OrganizationListItem),
  );
  return (
    <FormControl component="fieldset" error={error}>
      <FormLabel component="legend" id={labelId}>
        {t('notifications.customers.label')}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={value === null ? 'all' : 'chosen'}
        onChange={(event) => onChange(event.target.value === 'all' ? null : [])}
      >
        <FormControlLabel value="all" control={<Radio />} label={t('notifications.customers.all')} />
        <FormControlLabel value="chosen" control={<Radio />} label={t('notifications.customers.chosen')} />
      </RadioGroup>
      {value !== null && (
        <Autocomplete
          multiple
          options={customers.data ?? []}
          loading={customers.isPending}
          value={chosen}
          onChange={(_event, next) => onChange(next.map((customer) => customer.id))}
          getOptionLabel={(option) => option.name}
          getOptionKey={(option) => option.id}
          isOptionEqualToValue={(option, selected) => option.id === selected.id}
          filterSelectedOptions
          sx={{ mt: 1 }}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('notifications.customers.pick')}
              error={error}
              helperText={value.length === 0 || error ? t('notifications.customers.pickHint') : undefined}
            />
          )}
        />
      )}
    </FormControl>
  );
}

/** Immediately / daily digest / off. */
export function DeliveryField({
  value,
  onChange,
  name,
}: {
  value: MailDeliveryMode;
  onChange: (value: MailDeliveryMode) => void;
  name: string;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={labelId}>
        {t('notifications.delivery.label')}
      </FormLabel>
      <RadioGroup
        row
        name={name}
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(event.target.value as MailDeliveryMode)}
      >
        {MAIL_DELIVERY_MODES.map((mode) => (
          <FormControlLabel
            key={mode}
            value={mode}
            control={<Radio />}
            label={t(`notifications.delivery.${mode}`)}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** An on/off setting (on when unset). */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
}: BoundField<T, boolean | undefined> & { label: string }) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={
        <Switch
          checked={field.value ?? true}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
      label={label}
    />
  );
}

/** Every IANA time zone the browser knows. */
export const TIME_ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

/** A member's own time zone, or (null) the company's, named. */
export function TimeZoneField<T extends FieldValues>({
  control,
  name,
  companyTimeZone,
}: BoundField<T, string | null | undefined> & { companyTimeZone: string | undefined }) {
  const { t } = useTranslation();
  const { field } = useController({ control, name });
  // '' stands for the company's zone among the options.
  const options = useMemo(() => ['', ...TIME_ZONES], []);
  return (
    <Autocomplete
      options={options}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(_event, next) => field.onChange(next ? next : null)}
      onBlur={field.onBlur}
      disableClearable
      getOptionLabel={(option) =>
        option === ''
          ? t('notifications.subscription.timeZoneCompany', { timeZone: companyTimeZone ?? 'UTC' })
          : option
      }
      sx={{ maxWidth: 360 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('notifications.subscription.timeZone')}
          helperText={t('notifications.subscription.timeZoneHint')}
        />
      )}
    />
  );
}

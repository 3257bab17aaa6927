import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type FieldValues, type Path, useFormState } from 'react-hook-form';
import { requiresValue, type SchemaForm } from './use-schema-form.ts';
import { useValidationMessage } from './use-validation-message.ts';

/**
 * A full-width text field bound to one field of a schema form: registered, required when its rule refuses
 * an empty value, and showing the broken rule's message (SPEC §5, translated) in place of its hint.
 */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  hint,
  ...props
}: Omit<
  TextFieldProps,
  'error' | 'helperText' | 'fullWidth' | 'name' | 'onChange' | 'onBlur' | 'required'
> & {
  // biome-ignore lint/suspicious/noExplicitAny: a field reads the form's values, whatever it submits
  form: SchemaForm<T, any>;
  name: Path<T>;
  /** Shown under the field while its value breaks no rule. */
  hint?: ReactNode;
}) {
  const message = useValidationMessage();
  const { error } = form.getFieldState(name, useFormState({ control: form.control, name }));
  return (
    <TextField
      {...form.register(name)}
      {...props}
      fullWidth
      required={requiresValue(form.schema, name)}
      error={Boolean(error)}
      helperText={message(error?.message) ?? hint}
    />
  );
}

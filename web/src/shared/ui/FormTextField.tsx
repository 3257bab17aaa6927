import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useValidationMessage } from './use-validation-message.ts';

/**
 * A full-width text field of a react-hook-form form: registered, and showing the broken field rule's message
 * (SPEC §5, translated) in place of its hint.
 */
export function FormTextField({
  registration,
  error,
  hint,
  ...props
}: Omit<TextFieldProps, 'error' | 'helperText' | 'fullWidth' | 'name' | 'onChange' | 'onBlur'> & {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  /** Shown under the field while its value breaks no rule. */
  hint?: ReactNode;
}) {
  const message = useValidationMessage();
  return (
    <TextField
      {...registration}
      {...props}
      fullWidth
      error={Boolean(error)}
      helperText={message(error?.message) ?? hint}
    />
  );
}

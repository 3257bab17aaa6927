import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, type Ref, useId } from 'react';

export interface AuthTextFieldProps {
  label: ReactNode;
  name?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: OutlinedInputProps['onChange'];
  onBlur?: OutlinedInputProps['onBlur'];
  endAdornment?: ReactNode;
}

/**
 * MUI's outlined TextField as the sign-in forms use it (same elements, classes, ids and ARIA), composed
 * from FormControl, InputLabel, OutlinedInput and FormHelperText. MUI's TextField also imports Select, and
 * with it Menu, Popover and Modal, which /login would otherwise load for nothing.
 */
export function AuthTextField({
  label,
  helperText,
  error = false,
  fullWidth = false,
  endAdornment,
  ...input
}: AuthTextFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl className="MuiTextField-root" variant="outlined" error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
        endAdornment={endAdornment}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

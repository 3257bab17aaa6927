import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { usePasswordVisibility } from './password-visibility.tsx';

/** A password input with a show/hide toggle. */
export function PasswordField(props: TextFieldProps) {
  const { type, endAdornment } = usePasswordVisibility();
  return (
    <TextField fullWidth {...props} type={type} slotProps={{ ...props.slotProps, input: { endAdornment } }} />
  );
}

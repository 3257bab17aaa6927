import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Six digits, as Cognito's TOTP and e-mail codes are. */
export const ONE_TIME_CODE = /^\d{6}$/;

/** The digits of what was typed or pasted ('123 456' → '123456'). */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 6);
}

/**
 * A one-time code input: numeric keyboard on phones, the browser's and the OS's code autofill
 * (autocomplete one-time-code), spaces and dashes dropped as typed.
 */
export function OneTimeCodeField({
  value,
  onChange,
  invalid,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (code: string) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('components.twoStep.code')}
      autoComplete="one-time-code"
      fullWidth
      {...props}
      value={value}
      onChange={(event) => onChange(codeDigits(event.target.value))}
      error={invalid}
      helperText={invalid ? t('components.twoStep.codeFormat') : props.helperText}
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 7 } }}
    />
  );
}

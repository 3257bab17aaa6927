import { useTranslation } from 'react-i18next';
import { AuthTextField, type AuthTextFieldProps } from './AuthTextField.tsx';

/**
 * The e-mail of a sign-in or of a password reset, focused first: `username` to password managers, so the one
 * they stored with the password is offered on both pages.
 */
export function SignInEmailField(
  props: Omit<AuthTextFieldProps, 'label' | 'type' | 'autoComplete' | 'autoFocus' | 'fullWidth'>,
) {
  const { t } = useTranslation();
  return (
    <AuthTextField
      {...props}
      label={t('auth.fields.email')}
      type="email"
      autoComplete="username"
      autoFocus
      fullWidth
    />
  );
}

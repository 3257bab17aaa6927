import { MESSAGES } from '@portal/contracts/validation';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const KEYS: Record<string, string> = {
  [MESSAGES.required]: 'components.validation.required',
  [MESSAGES.fieldEmpty]: 'components.validation.fieldEmpty',
  [MESSAGES.invalidEmail]: 'components.validation.invalidEmail',
  [MESSAGES.alphanumericOnly]: 'components.validation.alphanumericOnly',
  [MESSAGES.tooLong]: 'components.validation.tooLong',
  [MESSAGES.invalidPhone]: 'components.validation.invalidPhone',
  [MESSAGES.specialCharacters]: 'errors.server.specialCharacters',
  // SPEC §5, notifications (contracts NOTIFICATION_MESSAGES, written out so the entry chunk does not load
  // the notification schemas): the same wording as when the server says it.
  'Invalid JSON format.': 'errors.server.invalidJson',
  'IP address is not allowed when sent by server. Please use domain name instead.':
    'errors.server.ipHostNotAllowed',
  'The URL must start with http:// or https://': 'errors.server.invalidUrl',
};

const INVALID_CHARACTERS_PREFIX = `${MESSAGES.invalidCharacters}: `;

/**
 * Translates a message of the contracts' field rules (SPEC §5), as zodResolver hands it to the form.
 * 'Invalid characters: * &' keeps its list of offending characters; unknown messages pass through.
 */
export function translateValidationMessage(
  t: (key: string, options?: Record<string, string>) => string,
  message: string | undefined,
): string | undefined {
  if (!message) return undefined;
  if (message.startsWith(INVALID_CHARACTERS_PREFIX)) {
    const characters = message.slice(INVALID_CHARACTERS_PREFIX.length);
    const spelled = characters
      .split(' ')
      .map((c) => (c === 'space' ? t('components.validation.space') : c))
      .join(' ');
    return t('components.validation.invalidCharacters', { characters: spelled });
  }
  const key = KEYS[message];
  return key ? t(key) : message;
}

export function useValidationMessage(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback((message) => translateValidationMessage(t, message), [t]);
}

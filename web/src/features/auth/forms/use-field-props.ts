import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationMessageKey } from './validation-message.ts';

/** The props that connect an MUI TextField to a react-hook-form field, with its translated error. */
export function useFieldProps<T extends FieldValues>(form: UseFormReturn<T>) {
  const { t } = useTranslation();
  return (name: FieldPath<T>, serverErrorKey?: string) => {
    const { ref, ...field } = form.register(name);
    const messageKey =
      serverErrorKey ?? validationMessageKey(form.getFieldState(name, form.formState).error?.message);
    return {
      ...field,
      inputRef: ref,
      error: messageKey !== undefined,
      helperText: messageKey ? t(messageKey) : undefined,
    };
  };
}

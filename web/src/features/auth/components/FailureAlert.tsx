import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form's error message (one or more lines given as translation keys), announced to screen readers. */
export function FailureAlert({
  messageKeys,
  action,
}: {
  messageKeys: readonly string[];
  action?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" role="alert" action={action} sx={{ alignItems: 'center' }}>
      {messageKeys.map((key) => t(key)).join('')}
    </Alert>
  );
}

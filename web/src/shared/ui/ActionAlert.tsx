import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** An alert with one button at its end: Retry after a failed load, Reload after a change elsewhere. */
export function ActionAlert({
  severity,
  actionLabel,
  onAction,
  children,
}: {
  severity: AlertColor;
  actionLabel: string;
  onAction: () => void;
  children: ReactNode;
}) {
  return (
    <Alert
      severity={severity}
      action={
        <Button color="inherit" size="small" onClick={onAction}>
          {actionLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

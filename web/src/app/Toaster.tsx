import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { connectToaster, TOAST_DURATION_MS, TOASTS_SHOWN_AT_ONCE } from '@/shared/lib/toast.ts';

const ThemedToast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  borderRadius: theme.shape.borderRadius,
  '&.notistack-MuiContent-success': { backgroundColor: theme.vars.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.vars.palette.error.main },
  '&.notistack-MuiContent-info': { backgroundColor: theme.vars.palette.info.main },
  '&.notistack-MuiContent-warning': { backgroundColor: theme.vars.palette.warning.main },
}));

const VARIANT_COMPONENTS = {
  success: ThemedToast,
  error: ThemedToast,
  info: ThemedToast,
  warning: ThemedToast,
};

function CloseToastButton({ toastKey }: { toastKey: string | number }) {
  const { t } = useTranslation();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={t('toast.close')}
      onClick={() => closeSnackbar(toastKey)}
    >
      <Close fontSize="small" />
    </IconButton>
  );
}

/** Hands notistack to the toast API (shared/lib/toast.ts) while the toaster is mounted. */
function ToastOutlet() {
  useEffect(
    () =>
      connectToaster({
        show: ({ key, type, message, duration }) =>
          enqueueSnackbar(message, { key, variant: type, autoHideDuration: duration }),
        dismiss: (key) => closeSnackbar(key),
      }),
    [],
  );
  return null;
}

/** One toast at a time; the rest wait in notistack's queue (SPEC §2 Toasts). Loaded by ToastProvider. */
export function Toaster() {
  return (
    <SnackbarProvider
      maxSnack={TOASTS_SHOWN_AT_ONCE}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={VARIANT_COMPONENTS}
      action={(key) => <CloseToastButton toastKey={key} />}
    >
      <ToastOutlet />
    </SnackbarProvider>
  );
}

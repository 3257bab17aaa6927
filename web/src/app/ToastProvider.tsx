import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { onToasterWanted } from '@/shared/lib/toast.ts';

/**
 * The app with its toaster, which loads with the first toast (notistack stays out of every page's initial
 * JavaScript, issue 24). A toaster that fails to load (offline, a new version deployed) is tried again with
 * the next toast; the toasts wait meanwhile.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    let loading = false;
    let unmounted = false;
    const stopListening = onToasterWanted(() => {
      if (loading) return;
      loading = true;
      import('./Toaster.tsx').then(
        (module) => {
          if (!unmounted) setToaster(() => module.Toaster);
        },
        () => {
          loading = false;
        },
      );
    });
    return () => {
      unmounted = true;
      stopListening();
    };
  }, []);
  return (
    <>
      {children}
      {Toaster && <Toaster />}
    </>
  );
}

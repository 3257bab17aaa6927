import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

let draft = '';

/**
 * The e-mail last typed into /login or the first step of /forgot-password, so going from one to the other
 * keeps it. Typing also goes on while a link's page is still loading: React Router shows the page that was
 * there until the new one's chunk has arrived, and what was typed into it then is not lost when the new page
 * replaces it. Memory only; a sign-in forgets it.
 */
export function emailDraft(): string {
  return draft;
}

/** What the pre-rendered sign-in form had typed when it handed over to the app (app/start.tsx). */
export function rememberEmailDraft(email: string): void {
  draft = email;
}

export function forgetEmailDraft(): void {
  draft = '';
}

/** Keeps the draft up to date with the form's `email` field while the form is mounted. */
export function useEmailDraft<T extends FieldValues & { email: string }>(form: UseFormReturn<T>): void {
  useEffect(() => {
    const subscription = form.watch((values) => {
      draft = typeof values.email === 'string' ? values.email : '';
    });
    return () => subscription.unsubscribe();
  }, [form]);
}

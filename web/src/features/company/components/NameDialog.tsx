import { useTranslation } from 'react-i18next';
import type { core, z } from 'zod';
import { toast } from '@/shared/lib/toast.ts';
import { FormDialog } from '@/shared/ui/FormDialog.tsx';
import { FormTextField } from '@/shared/ui/FormTextField.tsx';
import { useSchemaForm } from '@/shared/ui/use-schema-form.ts';

export type NameFormSchema = z.ZodObject<{ name: z.ZodType<string, string> }, core.$ZodObjectConfig>;

/**
 * A dialog that changes one name (the company's, a member's) under the contracts' name rules: Save stores
 * it, says so and closes; a failure says so ('Failed to save.') and keeps the dialog open.
 */
export function NameDialog<Saved>({
  title,
  label,
  hint,
  autoComplete,
  name,
  schema,
  busy,
  save,
  onSaved,
  onClose,
}: {
  title: string;
  label: string;
  hint?: string;
  autoComplete: string;
  name: string;
  schema: NameFormSchema;
  busy: boolean;
  save: (name: string) => Promise<Saved>;
  onSaved?: (saved: Saved) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm(schema, { defaultValues: { name }, mode: 'onChange' });

  const submit = form.handleSubmit(async (input) => {
    try {
      const saved = await save(input.name);
      toast.success(t('company.toast.saved'));
      onClose();
      onSaved?.(saved);
    } catch {
      toast.error(t('company.toast.saveFailed'));
    }
  });

  return (
    <FormDialog
      title={title}
      isDirty={form.formState.isDirty}
      busy={busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormTextField
        form={form}
        name="name"
        hint={hint}
        label={label}
        autoComplete={autoComplete}
        autoFocus
        margin="dense"
      />
    </FormDialog>
  );
}

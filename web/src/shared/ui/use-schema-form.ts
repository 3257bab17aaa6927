import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form validated by a contracts schema (SPEC §5: the server's rules and messages), which
 * its fields read too: `FormTextField` marks a field required when its rule refuses an empty value.
 */
export interface SchemaForm<TInput extends FieldValues = FieldValues, TOutput = TInput>
  extends UseFormReturn<TInput, unknown, TOutput> {
  schema: z.ZodObject;
}

export function useSchemaForm<S extends z.ZodObject>(
  schema: S,
  options: Omit<UseFormProps<z.input<S> & FieldValues, unknown, z.output<S>>, 'resolver'>,
): SchemaForm<z.input<S> & FieldValues, z.output<S>> {
  const form = useForm<z.input<S> & FieldValues, unknown, z.output<S>>({
    ...options,
    resolver: zodResolver(schema),
  });
  return { ...form, schema };
}

/** Whether a field's rule refuses an empty value: the user must fill it in (MUI `required`: the asterisk). */
export function requiresValue(schema: z.ZodObject, name: string): boolean {
  const rule = schema.shape[name];
  return rule !== undefined && !rule.safeParse('').success;
}

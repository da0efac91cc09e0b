// Form state for the account forms: values, and the first message of each field (auth-rules.ts),
// shown once the form was submitted and re-checked on every keystroke after. Not on leaving a field:
// a message appearing then moves the submit button away from a pointer already on its way to it.
import { useState } from 'react';
import type { z } from '../../core/zod.ts';
import { validateForm, type FieldErrors } from '../../core/auth-rules.ts';

export function useForm<V extends Record<string, string | boolean>, S extends z.ZodMiniType<Record<string, unknown>>>(
  schema: S,
  initial: V,
) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const result = validateForm(schema, values);
  const all: FieldErrors<string> = result.ok ? {} : result.errors;
  const errorOf = (field: keyof V & string): string | undefined => (submitted ? all[field] : undefined);
  return {
    values,
    errorOf,
    set<K extends keyof V>(field: K, value: V[K]) {
      setValues((v) => ({ ...v, [field]: value }));
    },
    /** Marks the form submitted: the parsed values, or null with the first invalid field's name. */
    submit(): { value: z.infer<S> } | { invalid: string } {
      setSubmitted(true);
      if (result.ok) return { value: result.value };
      return { invalid: Object.keys(initial).find((k) => all[k] !== undefined) ?? '' };
    },
  };
}

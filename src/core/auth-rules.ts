// The account forms' rules (the spec's "Login", "Signup" and "Reset" validation), the password
// meter and the accounts constants. Pure: the auth modal and the reset page validate with these,
// and show the first message of each field.
import { z } from './zod.ts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
/** "Password-reset check and update time-out 15 s". */
export const RESET_TIMEOUT_MS = 15_000;
/** "post-success redirects 3 s (reset) and 2 s (verify)". */
export const RESET_REDIRECT_MS = 3_000;
export const VERIFY_REDIRECT_MS = 2_000;
/** "resend message lasts 3 s". */
export const RESEND_MESSAGE_MS = 3_000;
/** "Terms last updated January 15, 2024". */
export const TERMS_LAST_UPDATED = 'January 15, 2024';
/** Session storage: the signup email while its confirmation is pending. */
export const PENDING_VERIFICATION_KEY = 'pendingVerificationEmail';

const email = z.pipe(z.string().check(z.trim()), z.email('Please enter a valid email address'));

const SPECIAL = /[^A-Za-z0-9]/;

/** The signup password rules, also the new-password rules of the reset page. */
export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    z.regex(/[A-Z]/, 'Password must contain at least one uppercase letter'),
    z.regex(/[a-z]/, 'Password must contain at least one lowercase letter'),
    z.regex(/[0-9]/, 'Password must contain at least one number'),
    z.regex(SPECIAL, 'Password must contain at least one special character'),
  );

/** The two passwords of a form are the same (the message goes under the second). */
const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (form) => form.password === form.confirmPassword,
  { message: "Passwords don't match", path: ['confirmPassword'] },
);

export const loginSchema = z.object({
  email,
  password: z.string().check(z.minLength(1, 'Password is required')),
  rememberMe: z.optional(z.boolean()),
});

export const signupSchema = z
  .object({
    username: z
      .string()
      .check(
        z.trim(),
        z.minLength(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`),
        z.maxLength(USERNAME_MAX, `Username must be less than ${USERNAME_MAX} characters`),
        z.regex(/^[A-Za-z0-9_]*$/, 'Username can only contain letters, numbers, and underscores'),
      ),
    email,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    agreeToTerms: z.boolean().check(z.refine((v) => v, 'You must agree to the terms and conditions')),
  })
  .check(passwordsMatch);

export const resetSchema = z.object({ email });

export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .check(passwordsMatch);

export type LoginForm = z.infer<typeof loginSchema>;
export type SignupForm = z.infer<typeof signupSchema>;
export type ResetForm = z.infer<typeof resetSchema>;
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * Validates a form: the parsed values, or the first message of each field that fails.
 * (zod reports every failing check; a form shows one line per field, the first rule broken.)
 */
export function validateForm<S extends z.ZodMiniType<Record<string, unknown>>>(
  schema: S,
  values: unknown,
): { ok: true; value: z.infer<S> } | { ok: false; errors: FieldErrors<string> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors<string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export type PasswordStrengthLabel = 'None' | 'Very Weak' | 'Weak' | 'Fair' | 'Good' | 'Strong';
const LABELS: readonly PasswordStrengthLabel[] = ['None', 'Very Weak', 'Weak', 'Fair', 'Good', 'Strong'];

/** The meter: one point each for length >= 8, an uppercase letter, a lowercase letter, a digit, a special character. */
export function passwordStrength(password: string): { score: number; label: PasswordStrengthLabel } {
  const points = [
    password.length >= PASSWORD_MIN,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /[0-9]/.test(password),
    SPECIAL.test(password),
  ];
  const score = points.filter(Boolean).length;
  return { score, label: LABELS[score] ?? 'None' };
}

// What the auth modal hands each of its forms.
import type { AuthMode } from '../../ui/auth/auth-context.tsx';

export interface AuthFormProps {
  /** A submit is in progress: inputs and the close button are disabled. */
  readonly busy: boolean;
  readonly onBusy: (busy: boolean) => void;
  readonly onMode: (mode: AuthMode) => void;
  /** Signed in: the modal closes and actions waiting for the member run. */
  readonly onDone: () => void;
  /** An account waits for its email to be confirmed: the 'Check Your Email!' state. */
  readonly onCheckEmail: (email: string) => void;
}

/** The message of a refusal: the server's, else the spec's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The code of a refusal (GoTrue's error_code), when it has one. */
export function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

// Placeholder until the auth modal lands: provides AuthUi to the screens.
import type { ReactNode } from 'react';
import { AuthUiContext, type AuthUi } from './auth-context.tsx';

const ui: AuthUi = { open: () => undefined, close: () => undefined, requireMember: () => undefined };

export function AuthUiProvider({ children }: { readonly children: ReactNode }) {
  return <AuthUiContext value={ui}>{children}</AuthUiContext>;
}

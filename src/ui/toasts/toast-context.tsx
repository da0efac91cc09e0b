// How a screen shows a toast ('Failed to update like', 'Verification email resent!…'): the shell's
// toast store (src/app/toasts.ts) is put here by the layout.
import { createContext, use } from 'react';

export interface Toaster {
  push(message: string, tone?: 'error' | 'info'): number;
}

export const ToastContext = createContext<Toaster | null>(null);

export function useToast(): Toaster {
  const toaster = use(ToastContext);
  if (!toaster) throw new Error('useToast needs a ToastContext above it');
  return toaster;
}

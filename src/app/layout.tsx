// The layout route: the shell around whichever screen the address names.
import { createContext, use } from 'react';
import { Outlet } from 'react-router-dom';
import { AuthUiProvider } from '../features/auth/auth-ui-provider.tsx';
import { ToastContext } from '../ui/toasts/toast-context.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import type { ServiceWorkerControl } from './service-worker.ts';
import { Shell } from './shell.tsx';
import type { ToastStore } from './toasts.ts';

export interface ShellServices {
  readonly toasts: ToastStore;
  readonly serviceWorker: ServiceWorkerControl | null;
}

export const ShellServicesContext = createContext<ShellServices | null>(null);

export function AppLayout() {
  const services = use(ShellServicesContext);
  if (!services) throw new Error('AppLayout needs a ShellServicesContext above it');
  return (
    <ToastContext value={services.toasts}>
      <AuthUiProvider>
        <Shell toasts={services.toasts} serviceWorker={services.serviceWorker}>
          <Outlet />
          <ScrollRestoration />
        </Shell>
      </AuthUiProvider>
    </ToastContext>
  );
}

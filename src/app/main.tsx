// The page's entry: the router inside the providers (sync engine, auth, search service, shell services),
// the service worker (production builds), toasts from sync rejections and storage errors.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  backend,
  deferBackendUntil,
  localDb,
  memberPresent,
  sessionMayExist,
  watchForMember,
} from '../data/backend.ts';
import { createAuthStore } from '../data/auth/auth-store.ts';
import { AuthStoreContext } from '../ui/auth/auth-context.tsx';
import { yieldToPage } from '../core/yield-to-page.ts';
import { AppErrorBoundary } from '../features/errors/app-error-boundary.tsx';
import { keepFirstPaint } from '../ui/layout/first-paint.tsx';
import { createAppSync } from './app-sync.ts';
import { devtoolsWanted } from './devtools-flag.ts';
import { firstScreenShown } from './first-screen.ts';
import { ShellServicesContext } from './layout.tsx';
import { linkManifest } from './manifest-link.ts';
import { watchStorage } from './persistence.ts';
import { RouterProvider } from './router.tsx';
import { createAppRouter } from './routes.tsx';
import { createAppSearch, SearchProvider } from './search-provider.tsx';
import { registerServiceWorker } from './service-worker.ts';
import { SyncProvider } from './sync-provider.tsx';
import { connectToastSources } from './toast-sources.ts';
import { createToastStore } from './toasts.ts';
import './theme.css';
import './shell.css';

/** The longest the client waits for the first screen (firstScreenShown). */
const FIRST_SCREEN_WAIT_MS = 4000;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The start-up is cut into tasks, the page getting its turn between them (input, paint, a first
// read's answer coming in): React, the router and Dexie were each evaluated in one of their own
// (boot.ts), this file's modules in another; opening the database's schema, making the router,
// the shell's services (toasts, storage, the service worker), the sync engine, search and auth
// stores, and React's first render each follow in their own, instead of all of them in one.
await yieldToPage();

// The client (supabase-js and the settings' zod checks) and with it the sync engine are made once
// the first screen has shown its data (first-screen.ts): that screen's reads go out over plain
// fetch meanwhile, and nothing in its paint needs the client. The header says 'Loading...' until
// then. Should the first screen never show (an error in the shell itself), still not forever.
const firstScreen = firstScreenShown(FIRST_SCREEN_WAIT_MS);
deferBackendUntil(firstScreen);
// A signed-out visitor gets neither until they act (backend.ts memberPresent): a member's session
// on the device (or in a sign-in link's address) wakes them once the first screen has shown.
const landing = window.location.href;
watchForMember(firstScreen, localDb(), landing);
// Production builds have a manifest (vite-plugin-pwa writes it; the dev server serves none).
if (import.meta.env.PROD) void firstScreen.then(() => linkManifest());
await yieldToPage();
const router = createAppRouter();
await yieldToPage();
const toasts = createToastStore();
connectToastSources(toasts);
watchStorage();
const serviceWorker = registerServiceWorker(firstScreen);
await yieldToPage();
const engine = createAppSync();
const search = createAppSearch();
const auth = createAuthStore({
  db: localDb(),
  client: backend,
  origin: window.location.origin,
  sessionMayExist: () => sessionMayExist(localDb(), landing),
  memberPresent: memberPresent(),
});
if (devtoolsWanted()) void import('./devtools.ts').then(({ installDevtools }) => installDevtools(engine));
await yieldToPage();

// A transition: React renders the first screen in slices and yields between them, so the page's
// static shell (index.html) paints first and no single task blocks input for long. A screen the
// gateway painted into that shell stays on show until the screen has its data.
keepFirstPaint(root);
const app = createRoot(root);
startTransition(() =>
  app.render(
    <StrictMode>
      <AppErrorBoundary>
        <SyncProvider engine={engine}>
          <AuthStoreContext value={auth}>
            <SearchProvider service={search}>
              <ShellServicesContext value={{ toasts, serviceWorker }}>
                <RouterProvider router={router} />
              </ShellServicesContext>
            </SearchProvider>
          </AuthStoreContext>
        </SyncProvider>
      </AppErrorBoundary>
    </StrictMode>,
  ),
);

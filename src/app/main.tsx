// The page's entry: the router inside the providers (sync engine, auth, search service, shell services),
// the service worker (production builds), toasts from sync rejections and storage errors.
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { backend, deferBackendUntil, localDb } from '../data/backend.ts';
import { createAuthStore } from '../data/auth/auth-store.ts';
import { AuthStoreContext } from '../features/auth/auth-context.tsx';
import { AppErrorBoundary } from '../features/errors/app-error-boundary.tsx';
import { createAppSync } from './app-sync.ts';
import { devtoolsWanted } from './devtools-flag.ts';
import { ShellServicesContext } from './layout.tsx';
import { watchStorage } from './persistence.ts';
import { createAppRouter } from './routes.tsx';
import { createAppSearch, SearchProvider } from './search-provider.tsx';
import { registerServiceWorker } from './service-worker.ts';
import { SyncProvider } from './sync-provider.tsx';
import { connectToastSources } from './toast-sources.ts';
import { createToastStore } from './toasts.ts';
import './theme.css';
import './shell.css';

/** The longest the client waits for the first paint. */
const FIRST_PAINT_WAIT_MS = 3000;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const toasts = createToastStore();
connectToastSources(toasts);
watchStorage();
const serviceWorker = registerServiceWorker();
const engine = createAppSync();
const search = createAppSearch();
// The client (supabase-js and the settings' zod checks) is made once the first screen has painted
// (AfterFirstPaint below): nothing in that paint needs it, and evaluating it first only delays the
// paint. The header says 'Loading...' meanwhile, and reads wait the one frame.
let firstPainted: () => void = () => undefined;
deferBackendUntil(new Promise<void>((resolve) => {
  firstPainted = resolve;
  // Should the first screen never commit (an error in the shell itself), still not forever.
  setTimeout(resolve, FIRST_PAINT_WAIT_MS);
}));
const auth = createAuthStore({ db: localDb(), client: backend, origin: window.location.origin });
const router = createAppRouter();
if (devtoolsWanted()) void import('./devtools.ts').then(({ installDevtools }) => installDevtools(engine));

/** Runs the work that waited for the first screen, just after the frame that shows it. */
function AfterFirstPaint() {
  useEffect(() => {
    const run = () => firstPainted();
    // A background tab paints no frames: nothing to wait for there.
    if (document.visibilityState === 'hidden') { run(); return; }
    const frame = requestAnimationFrame(() => setTimeout(run, 0));
    return () => cancelAnimationFrame(frame);
  }, []);
  return null;
}

// A transition: React renders the first screen in slices and yields between them, so the page's
// static shell (index.html) paints first and no single task blocks input for long.
const app = createRoot(root);
startTransition(() => app.render(
  <StrictMode>
    <AppErrorBoundary>
    <SyncProvider engine={engine}>
      <AuthStoreContext value={auth}>
        <SearchProvider service={search}>
          <ShellServicesContext value={{ toasts, serviceWorker }}>
            <RouterProvider router={router} />
            <AfterFirstPaint />
          </ShellServicesContext>
        </SearchProvider>
      </AuthStoreContext>
    </SyncProvider>
    </AppErrorBoundary>
  </StrictMode>,
));

// The page's entry: the shell around the screens, the sync engine, the service worker (production
// builds), toasts from sync rejections and storage errors.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HomePage } from '../features/home/home-page.tsx';
import { createAppSync } from './app-sync.ts';
import { watchStorage } from './persistence.ts';
import { registerServiceWorker } from './service-worker.ts';
import { Shell } from './shell.tsx';
import { SyncProvider } from './sync-provider.tsx';
import { connectToastSources } from './toast-sources.ts';
import { createToastStore } from './toasts.ts';
import './theme.css';
import './shell.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const toasts = createToastStore();
connectToastSources(toasts);
watchStorage();
const serviceWorker = registerServiceWorker();
const engine = createAppSync();
void import('./devtools.ts').then(({ installDevtools }) => installDevtools(engine));

createRoot(root).render(
  <StrictMode>
    <SyncProvider engine={engine}>
      <Shell toasts={toasts} serviceWorker={serviceWorker}>
        <HomePage />
      </Shell>
    </SyncProvider>
  </StrictMode>,
);

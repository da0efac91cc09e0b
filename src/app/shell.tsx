// The page around every screen: header (brand, search box, sync badge, account), the screen, the footer,
// the update prompt and the toasts.
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandMark } from '../ui/brand/brand-mark.tsx';
import { useAuthUi, useMemberId } from '../ui/auth/auth-context.tsx';
import { HeaderAccount } from '../features/auth/header-account.tsx';
import { useToast } from '../ui/toasts/toast-context.tsx';
import { afterStartup } from './after-startup.ts';
import { HeaderSearch } from '../features/search/header-search.tsx';
import { SessionBanner } from '../features/sync/session-banner.tsx';
import { SyncBadge } from '../features/sync/sync-badge.tsx';
import { VersionBanner } from '../features/sync/version-banner.tsx';
import type { ServiceWorkerControl } from './service-worker.ts';
import { useAppSync } from './sync-provider.tsx';
import { SiteFooter } from './site-footer.tsx';
import { useSyncAfterSignIn } from './sync-after-sign-in.ts';
import { ToastHost } from './toast-host.tsx';
import type { ToastStore } from './toasts.ts';

export interface ShellProps {
  readonly toasts: ToastStore;
  readonly serviceWorker: ServiceWorkerControl | null;
  readonly children: ReactNode;
}

/**
 * Only a member has edits another device can replace: a visitor's first visit does without its code.
 * Code that cannot load (the worker's cache cleared, offline) shows nothing rather than failing the
 * page: the replaced edits stay on the device and the notice shows them once the app loads it again.
 */
const ConflictNotice = lazy(() =>
  import('../features/sync/conflict-notice.tsx').then(
    ({ ConflictNotice: Notice }) => ({ default: Notice }),
    () => ({ default: () => null }),
  ),
);

/**
 * The update prompt's code loads only once an update waits: most visits never show it. The waiting
 * worker came with its own build's files, and this page's worker still serves this build's, so the
 * chunk is on the device even offline; if it cannot load, the prompt shows at the next start.
 */
const UpdatePrompt = lazy(() =>
  import('./update-prompt.tsx').then(
    ({ UpdatePrompt: Prompt }) => ({ default: Prompt }),
    () => ({ default: () => null }),
  ),
);

function UpdateWhenReady({ control }: { control: ServiceWorkerControl }) {
  const ready = useSyncExternalStore(control.updateReady.subscribe, control.updateReady.getSnapshot);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdatePrompt control={control} />
    </Suspense>
  );
}

/** How long after start-up an import cut off by a closed tab resumes (the first screen comes first). */
const RESUME_IMPORT_DELAY_MS = 3000;

/** An import the last visit left running goes on (its code loads only then; see resume-imports.ts). */
function useResumeImports(): void {
  const memberId = useMemberId();
  const toast = useToast();
  useEffect(() => {
    if (memberId === null) return;
    return afterStartup(() => {
      void import('../features/profile/resume-imports.ts')
        .then((m) => m.resumeImports(memberId, (message) => toast.push(message, 'info')))
        .catch(() => toast.push('An import could not resume. Open Import on your profile to resume it.', 'error'));
    }, RESUME_IMPORT_DELAY_MS);
  }, [memberId, toast]);
}

export function Shell({ toasts, serviceWorker, children }: ShellProps) {
  const sync = useAppSync();
  const authUi = useAuthUi();
  useSyncAfterSignIn(sync);
  const signIn = () => authUi.open('login');
  const memberId = useMemberId();
  useResumeImports();
  return (
    <>
      <a className="shell__skip" href="#main-content">
        Skip to content
      </a>
      <header className="topbar">
        <Link className="brand" to="/" aria-label="Checkpoint home">
          <BrandMark className="brand__mark" size={28} />
          <span className="brand__name">Checkpoint</span>
        </Link>
        <HeaderSearch />
        <SyncBadge status={sync.status} onSyncNow={() => void sync.syncNow()} onSignIn={signIn} />
        <HeaderAccount />
      </header>
      <SessionBanner status={sync.status} onSignIn={signIn} />
      <div className="shell__main" id="main-content" tabIndex={-1}>
        {children}
      </div>
      <SiteFooter />
      {serviceWorker && <UpdateWhenReady control={serviceWorker} />}
      {/* An edit another device replaced, and the app too old for the server. */}
      {memberId !== null && (
        <Suspense fallback={null}>
          <ConflictNotice memberId={memberId} />
        </Suspense>
      )}
      <VersionBanner
        status={sync.status}
        onUpdate={() => (serviceWorker ? serviceWorker.checkAndApplyUpdate() : window.location.reload())}
      />
      <ToastHost store={toasts} />
    </>
  );
}

// The page around every screen: header (brand, search box, sync badge, account), the screen, the footer,
// the update prompt and the toasts.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BrandMark } from '../features/brand/brand-mark.tsx';
import { HeaderAccount } from '../features/auth/header-account.tsx';
import { HeaderSearch } from '../features/search/header-search.tsx';
import { useMemberId } from '../features/auth/auth-context.tsx';
import { ConflictNotice } from '../features/sync/conflict-notice.tsx';
import { SyncBadge } from '../features/sync/sync-badge.tsx';
import { VersionBanner } from '../features/sync/version-banner.tsx';
import type { ServiceWorkerControl } from './service-worker.ts';
import { useAppSync } from './sync-provider.tsx';
import { SiteFooter } from './site-footer.tsx';
import { ToastHost } from './toast-host.tsx';
import type { ToastStore } from './toasts.ts';
import { UpdatePrompt } from './update-prompt.tsx';

export interface ShellProps {
  readonly toasts: ToastStore;
  readonly serviceWorker: ServiceWorkerControl | null;
  readonly children: ReactNode;
}

export function Shell({ toasts, serviceWorker, children }: ShellProps) {
  const sync = useAppSync();
  const memberId = useMemberId();
  return (
    <>
      <a className="shell__skip" href="#main-content">Skip to content</a>
      <header className="topbar">
        <Link className="brand" to="/" aria-label="Checkpoint home">
          <BrandMark className="brand__mark" size={28} />
          <span className="brand__name">Checkpoint</span>
        </Link>
        <HeaderSearch />
        <SyncBadge status={sync.status} onSyncNow={() => void sync.syncNow()} />
        <HeaderAccount />
      </header>
      <div className="shell__main" id="main-content" tabIndex={-1}>{children}</div>
      <SiteFooter />
      {serviceWorker && <UpdatePrompt control={serviceWorker} />}
      {/* Issue 19: an edit another device replaced, and the app too old for the server. */}
      <ConflictNotice memberId={memberId} />
      <VersionBanner status={sync.status} onUpdate={() => (serviceWorker ? serviceWorker.checkAndApplyUpdate() : window.location.reload())} />
      <ToastHost store={toasts} />
    </>
  );
}

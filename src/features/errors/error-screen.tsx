// The full-page error screen: shown by the route error boundary (inside the
// shell) and by the app's top boundary (when the shell itself fails). Never a blank screen: a
// screen that could not be downloaded offline says so.
import { useEffect, useMemo, useState } from 'react';
import {
  buildErrorReport,
  errorMessage,
  formatErrorReport,
  isChunkLoadError,
  newErrorId,
} from '../../core/error-report.ts';
import { usePageMeta } from '../../ui/meta/page-meta.tsx';
import './errors.css';

export interface ErrorScreenProps {
  readonly error: unknown;
  /** 'Try Again': resets the boundary that caught the error. */
  readonly onRetry: () => void;
}

type CopyState = 'idle' | 'copied' | 'failed';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older or non-secure contexts: the selection fallback.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copy was refused');
}

export function ErrorScreen({ error, onRetry }: ErrorScreenProps) {
  usePageMeta({ title: 'Something went wrong', noIndex: true });
  const id = useMemo(() => newErrorId(), []);
  const [copy, setCopy] = useState<CopyState>('idle');
  const offlineChunk = isChunkLoadError(error) && !navigator.onLine;
  const staleChunk = isChunkLoadError(error) && navigator.onLine;

  useEffect(() => {
    console.error(`[${id}]`, error);
  }, [id, error]);

  useEffect(() => {
    if (copy === 'idle') return;
    const timer = setTimeout(() => setCopy('idle'), 4000);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyDetails = () => {
    const report = buildErrorReport(error, id, {
      now: new Date(),
      userAgent: navigator.userAgent,
      url: window.location.href,
    });
    copyText(formatErrorReport(report)).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <main className="page error-screen" role="alert" aria-labelledby="error-screen-title">
      <div className="error-screen__panel">
        <span className="error-screen__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
            <path
              fill="currentColor"
              d="M12 2 1 21h22L12 2zm0 5.5 7.5 12.5h-15L12 7.5zM11 10v5h2v-5h-2zm0 6v2h2v-2h-2z"
            />
          </svg>
        </span>
        <h1 id="error-screen-title" className="error-screen__title">
          Something went wrong
        </h1>
        <p className="error-screen__lead">
          We're sorry, but something unexpected happened. Please try refreshing the page.
        </p>
        {offlineChunk && (
          <p className="error-screen__hint">
            You're offline, and this page isn't available offline yet. Connect to the internet and try again — once you
            have opened it online, it will work offline too.
          </p>
        )}
        {staleChunk && (
          <p className="error-screen__hint">
            Part of the app could not be downloaded. A new version may have been released — refreshing the page usually
            fixes this.
          </p>
        )}
        <dl className="error-screen__details">
          <div>
            <dt>Error ID</dt>
            <dd>
              <code className="error-screen__id">{id}</code>
            </dd>
          </div>
          <div>
            <dt>Message</dt>
            <dd className="error-screen__message">{errorMessage(error)}</dd>
          </div>
        </dl>
        <div className="error-screen__actions">
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try Again
          </button>
          <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
            Refresh Page
          </button>
          <button type="button" className="button button--ghost" onClick={copyDetails}>
            Copy Error Details
          </button>
        </div>
        <p className="error-screen__copy" role="status" aria-live="polite">
          {copy === 'copied' && 'Error details copied to the clipboard.'}
          {copy === 'failed' && "Couldn't copy to the clipboard — please note the error ID above."}
        </p>
        <p className="error-screen__home">
          <a href="/">Go to the home page</a>
        </p>
      </div>
    </main>
  );
}

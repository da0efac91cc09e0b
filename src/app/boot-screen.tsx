// The screen's skeleton while its code downloads on the first load (routes.tsx's Suspense fallback):
// the same skeleton index.html shows before the scripts run, now inside the real header and footer;
// or the screen the local gateway painted into that shell, kept on screen (first-paint.tsx).
import { FirstPaint } from '../ui/layout/first-paint.tsx';

export function BootScreen() {
  return (
    <FirstPaint>
      <main className="page boot" aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading…
        </p>
        <div className="skeleton boot__hero" />
        <div className="skeleton" />
        <div className="skeleton" />
      </main>
    </FirstPaint>
  );
}

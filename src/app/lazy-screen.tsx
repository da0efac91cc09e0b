// Lazily loaded screens that can recover. React keeps the promise of a lazy component, so a
// screen whose files failed to download (offline before the service worker had them, a deploy
// that replaced them) would fail for good. Here a failed download resolves the route to a stand-in
// that shows the error screen, and downloads again on the next visit to the address — 'Try Again'
// on the error screen is such a visit.
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router-dom';
import { screenCommitted } from './first-screen.ts';
import type { ScreenCode } from './screens.ts';

/** A route's screen: its code (screens.ts), or a stand-in that recovers when it failed to download. */
export const lazyScreen = (load: ScreenCode): LazyExoticComponent<ComponentType> =>
  lazy(async () => {
    try {
      return { default: signalling((await load()).default) };
    } catch (error) {
      return { default: signalling(recoveringScreen(load, error)) };
    }
  });

/**
 * The screen, telling first-screen.ts when it has committed: this effect runs after the screen's
 * own, so the reads the screen sends on mount are already on their way.
 */
export function signalling(Screen: ComponentType): ComponentType {
  return function SignallingScreen() {
    useEffect(() => screenCommitted(), []);
    return <Screen />;
  };
}

/** A stylesheet whose download failed stays failed (the bundler will not add it again): re-add it. */
function relinkFailedStylesheets() {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.sheet === null) link.replaceWith(link.cloneNode());
  }
}

function recoveringScreen(load: ScreenCode, firstError: unknown): ComponentType {
  let Loaded: ComponentType | null = null;
  // The visit (location key) a failure belongs to; null: the visit that renders first.
  let failure: { error: unknown; key: string | null } = { error: firstError, key: null };
  let attempt: { key: string; Screen: LazyExoticComponent<ComponentType> } | null = null;

  return function RecoveringScreen() {
    const { key } = useLocation();
    if (Loaded) return <Loaded />;
    failure.key ??= key;
    // The same visit re-rendering shows the same error (no download loop while offline).
    if (failure.key === key) throw failure.error;
    if (attempt?.key !== key) {
      relinkFailedStylesheets();
      attempt = {
        key,
        Screen: lazy(() =>
          load().then(
            (module) => {
              Loaded = module.default;
              return module;
            },
            (error: unknown) => {
              failure = { error, key };
              throw error;
            },
          ),
        ),
      };
    }
    return (
      <Suspense
        fallback={
          <div className="page" aria-busy="true">
            <div className="skeleton" />
          </div>
        }
      >
        <attempt.Screen />
      </Suspense>
    );
  };
}

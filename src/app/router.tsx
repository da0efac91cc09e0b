// The app's router: React Router's declarative one (<Router> over the browser's history, routes
// matched by useRoutes), not its data router (createBrowserRouter). The data router's loaders,
// actions, fetchers and their state machine are some 17 KB of gzip the app never used, on every
// first visit before any screen shows (docs/decisions/0006-first-visit-javascript-budget.md). What
// the app used of it is here instead: lazily loaded screens (lazy-screen.tsx), error boundaries per
// route (features/errors/route-error.tsx) and scroll restoration (scroll-restoration.tsx).
import { startTransition, useLayoutEffect, useState } from 'react';
import { Router, UNSAFE_createBrowserHistory, useRoutes, type Navigator, type RouteObject } from 'react-router-dom';
import { leavingLocation } from './scroll-restoration.tsx';

type BrowserHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

export interface AppRouter {
  readonly history: BrowserHistory;
  readonly navigator: Navigator;
  readonly routes: RouteObject[];
}

/** The router of the tab's history: made once, when the app starts. */
export function createRouter(routes: RouteObject[]): AppRouter {
  const history = UNSAFE_createBrowserHistory({ v5Compat: true });
  // Links and navigate() hand their options (preventScrollReset) to the navigator; the history
  // takes only the address and its state.
  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push(to, state, options) {
      leavingLocation(options ?? {});
      history.push(to, state);
    },
    replace(to, state, options) {
      leavingLocation(options ?? {});
      history.replace(to, state);
    },
  };
  return { history, navigator, routes };
}

function Routes({ routes }: { readonly routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function RouterProvider({ router }: { readonly router: AppRouter }) {
  const { history, navigator, routes } = router;
  const [state, setState] = useState({ action: history.action, location: history.location });
  // A transition: the screen on show stays until the next one's code is in (its Suspense boundary
  // has already shown), as the data router waited for a route's `lazy`.
  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        if (action === 'POP') leavingLocation();
        startTransition(() => setState({ action, location }));
      }),
    [history],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      <Routes routes={routes} />
    </Router>
  );
}

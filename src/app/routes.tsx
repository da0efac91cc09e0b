// The route table. Every screen but the home page is its own chunk (screens.ts), loaded
// when its route is first visited (and kept by the service worker for offline use). Screen errors, a
// screen's chunk that cannot be downloaded offline among them, show the error screen in the shell.
import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { HomePage } from '../features/home/home-page.tsx';
import { RouteErrorBoundary } from '../features/errors/route-error.tsx';
import { BootScreen } from './boot-screen.tsx';
import { AppLayout } from './layout.tsx';
import { lazyScreen, signalling } from './lazy-screen.tsx';
import { createRouter, type AppRouter } from './router.tsx';
import { SCREEN_CODE, type ScreenCode, type ScreenPath } from './screens.ts';

const Home = signalling(HomePage);

function screens(): RouteObject[] {
  return [
    { index: true, element: <Home /> },
    ...(Object.entries(SCREEN_CODE) as Array<[ScreenPath, ScreenCode]>).map(([path, code]) => {
      const Screen = lazyScreen(code);
      return { path, element: <Screen /> };
    }),
  ];
}

function routes(): RouteObject[] {
  return [
    {
      // A failure in the shell itself; a screen's failure is caught inside the shell, just below.
      element: (
        <RouteErrorBoundary>
          <AppLayout />
        </RouteErrorBoundary>
      ),
      // On the first load, the shell renders at once and the screen's skeleton stands in while the
      // screen's chunk downloads. Later visits keep the screen on show meanwhile (router.tsx).
      children: [
        {
          element: (
            <RouteErrorBoundary>
              <Suspense fallback={<BootScreen />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          ),
          children: screens(),
        },
      ],
    },
  ];
}

export const createAppRouter = (): AppRouter => createRouter(routes());

// The route table (spec 000 §2). Every screen but the home page is its own chunk (screens.ts), loaded
// when its route is first visited (and kept by the service worker for offline use). Screen errors, a
// screen's chunk that cannot be downloaded offline among them, show the error screen in the shell.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomePage } from '../features/home/home-page.tsx';
import { RouteError } from '../features/errors/route-error.tsx';
import { BootScreen } from './boot-screen.tsx';
import { AppLayout } from './layout.tsx';
import { lazyScreen, signalling } from './lazy-screen.tsx';
import { SCREEN_CODE, type ScreenCode, type ScreenPath } from './screens.ts';


const SCREENS: RouteObject[] = [
  { index: true, Component: signalling(HomePage) },
  ...(Object.entries(SCREEN_CODE) as Array<[ScreenPath, ScreenCode]>).map(([path, code]) => ({ path, lazy: lazyScreen(code) })),
];

export const ROUTES: RouteObject[] = [
  {
    Component: AppLayout,
    // A failure in the shell itself; a screen's failure is caught inside the shell, just below.
    ErrorBoundary: RouteError,
    // On the first load, the shell renders at once and the screen's skeleton stands in while the
    // screen's chunk downloads.
    children: [{ ErrorBoundary: RouteError, HydrateFallback: BootScreen, children: SCREENS }],
  },
];

export const createAppRouter = () => createBrowserRouter(ROUTES);

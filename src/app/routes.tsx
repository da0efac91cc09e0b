// The route table (spec 000 §2). Every screen but the home page is its own chunk, loaded when its
// route is first visited (and kept by the service worker for offline use). Screen errors, a
// screen's chunk that cannot be downloaded offline among them, show the error screen in the shell.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomePage } from '../features/home/home-page.tsx';
import { RouteError } from '../features/errors/route-error.tsx';
import { BootScreen } from './boot-screen.tsx';
import { AppLayout } from './layout.tsx';
import { warmReadThrough } from '../data/live.ts';
import { lazyScreen, signalling } from './lazy-screen.tsx';
import { warmSearchRemote } from './search-provider.tsx';


const SCREENS: RouteObject[] = [
  { index: true, Component: signalling(HomePage) },
  // Search and discovery (spec 001)
  { path: 'search', lazy: lazyScreen(() => import('../features/search/browse-page.tsx'), warmSearchRemote) },
  { path: 'search-results', lazy: lazyScreen(() => import('../features/search/search-results-page.tsx'), warmSearchRemote) },
  { path: 'enhanced-search-test', lazy: lazyScreen(() => import('../features/search/enhanced-search-test-page.tsx')) },
  // Games, members and the directory (spec 002)
  { path: 'game/:identifier', lazy: lazyScreen(() => import('../features/games/game-page.tsx'), warmReadThrough) },
  { path: 'users', lazy: lazyScreen(() => import('../features/users/users-directory-page.tsx')) },
  { path: 'user', lazy: lazyScreen(() => import('../features/profile/own-profile-redirect.tsx')) },
  { path: 'user/:id', lazy: lazyScreen(() => import('../features/profile/profile-page.tsx'), warmReadThrough) },
  { path: 'profile', lazy: lazyScreen(() => import('../features/profile/protected-redirect.tsx')) },
  { path: 'settings', lazy: lazyScreen(() => import('../features/profile/protected-redirect.tsx')) },
  // Reviews (spec 000)
  { path: 'review/:gameId?', lazy: lazyScreen(() => import('../features/reviews/write-review-page.tsx')) },
  { path: 'review/:userId/:gameId', lazy: lazyScreen(() => import('../features/reviews/review-page.tsx'), warmReadThrough) },
  // Accounts (spec 000)
  { path: 'reset-password', lazy: lazyScreen(() => import('../features/auth/reset-password-page.tsx')) },
  { path: 'auth/callback', lazy: lazyScreen(() => import('../features/auth/auth-callback-page.tsx')) },
  { path: 'debug-auth', lazy: lazyScreen(() => import('../features/auth/debug-auth-page.tsx')) },
  // Help and legal
  { path: 'faq', lazy: lazyScreen(() => import('../features/help/faq-page.tsx')) },
  { path: 'contact', lazy: lazyScreen(() => import('../features/help/contact-page.tsx')) },
  { path: 'terms', lazy: lazyScreen(() => import('../features/legal/terms-page.tsx')) },
  { path: 'privacy', lazy: lazyScreen(() => import('../features/legal/privacy-page.tsx')) },
  { path: '*', lazy: lazyScreen(() => import('../features/errors/not-found-page.tsx')) },
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

// The route table (spec 000 §2). Every screen but the home page is its own chunk, loaded when its
// route is first visited (and kept by the service worker for offline use).
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { HomePage } from '../features/home/home-page.tsx';
import { RouteError } from '../features/errors/route-error.tsx';
import { AppLayout } from './layout.tsx';

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

export const ROUTES: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomePage },
      // Search and discovery (spec 001)
      { path: 'search', lazy: lazyPage(() => import('../features/search/browse-page.tsx')) },
      { path: 'search-results', lazy: lazyPage(() => import('../features/search/search-results-page.tsx')) },
      { path: 'enhanced-search-test', lazy: lazyPage(() => import('../features/search/enhanced-search-test-page.tsx')) },
      // Games, members and the directory (spec 002)
      { path: 'game/:identifier', lazy: lazyPage(() => import('../features/games/game-page.tsx')) },
      { path: 'users', lazy: lazyPage(() => import('../features/users/users-directory-page.tsx')) },
      { path: 'user', lazy: lazyPage(() => import('../features/profile/own-profile-redirect.tsx')) },
      { path: 'user/:id', lazy: lazyPage(() => import('../features/profile/profile-page.tsx')) },
      { path: 'profile', lazy: lazyPage(() => import('../features/profile/protected-redirect.tsx')) },
      { path: 'settings', lazy: lazyPage(() => import('../features/profile/protected-redirect.tsx')) },
      // Reviews (spec 000)
      { path: 'review/:gameId?', lazy: lazyPage(() => import('../features/reviews/write-review-page.tsx')) },
      { path: 'review/:userId/:gameId', lazy: lazyPage(() => import('../features/reviews/review-page.tsx')) },
      // Accounts (spec 000)
      { path: 'reset-password', lazy: lazyPage(() => import('../features/auth/reset-password-page.tsx')) },
      { path: 'auth/callback', lazy: lazyPage(() => import('../features/auth/auth-callback-page.tsx')) },
      { path: 'debug-auth', lazy: lazyPage(() => import('../features/auth/debug-auth-page.tsx')) },
      // Help and legal
      { path: 'faq', lazy: lazyPage(() => import('../features/help/faq-page.tsx')) },
      { path: 'contact', lazy: lazyPage(() => import('../features/help/contact-page.tsx')) },
      { path: 'terms', lazy: lazyPage(() => import('../features/legal/terms-page.tsx')) },
      { path: 'privacy', lazy: lazyPage(() => import('../features/legal/privacy-page.tsx')) },
      { path: '*', lazy: lazyPage(() => import('../features/errors/not-found-page.tsx')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(ROUTES);

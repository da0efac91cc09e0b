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
      { path: 'search', lazy: lazyPage(() => import('../features/search/browse-page.tsx')) },
      { path: 'search-results', lazy: lazyPage(() => import('../features/search/search-results-page.tsx')) },
      { path: 'users', lazy: lazyPage(() => import('../features/search/users-page.tsx')) },
      { path: 'enhanced-search-test', lazy: lazyPage(() => import('../features/search/enhanced-search-test-page.tsx')) },
      { path: '*', lazy: lazyPage(() => import('../features/errors/not-found-page.tsx')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(ROUTES);

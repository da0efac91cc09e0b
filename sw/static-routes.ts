/// <reference lib="webworker" />
// The backend's API never needs the worker: the page's own requests to PostgREST, GoTrue and the
// settings file go straight to the network (Chromium's Service Worker Static Routing API, set once
// at install). Two gains:
// - an API call never waits for a stopped worker to start (tens of milliseconds on a phone);
// - the update hand-over stays clean. skipWaiting stops the old worker; a request that reaches it
//   in that moment starts it again, and Chromium then keeps the new version waiting until the next
//   navigation (the page's sync engine pulls every few seconds, so this happened). With the API
//   routed past the worker, only the page's own files and covers still pass through it.
// Browsers without the API send these requests through the fetch handler as before, which lets
// them through to the network untouched (no route in sw.ts matches them).

/** Path patterns (any origin: the hosted backend lives on Supabase's) that bypass the worker. */
export const NETWORK_ONLY_PATHS: readonly string[] = ['/rest/v1/*', '/auth/v1/*', '/_dev/*'];

interface RouterRule {
  condition: { urlPattern: unknown };
  source: 'network';
}

/** Not yet in TypeScript's WebWorker lib: https://w3c.github.io/ServiceWorker/#dom-installevent-addroutes */
interface RoutableInstallEvent extends ExtendableEvent {
  addRoutes?: (rules: RouterRule[]) => Promise<void>;
}

declare const URLPattern: (new (init: { pathname: string }) => unknown) | undefined;

export function networkOnlyRules(): RouterRule[] | null {
  if (typeof URLPattern === 'undefined') return null;
  return NETWORK_ONLY_PATHS.map((pathname) => ({
    condition: { urlPattern: new URLPattern({ pathname }) },
    source: 'network' as const,
  }));
}

export function routeApiPastWorker(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('install', (event: RoutableInstallEvent) => {
    const rules = networkOnlyRules();
    if (!event.addRoutes || !rules) return;
    // A browser that refuses the rules still installs the worker; the fetch handler covers them.
    event.waitUntil(
      event
        .addRoutes(rules)
        .catch((error: unknown) => console.warn('Static routes refused; the API goes through the worker.', error)),
    );
  });
}

// Which navigations the app shell answers. Everything the client-side router owns gets the cached
// index.html (so /game/<slug> opens offline); the backend's own paths and files never do, so an
// offline /_dev/config.json or /rest/v1/… fails as it should instead of turning into the app.

/**
 * Matched against path + query, as Workbox's NavigationRoute does: the backend's prefixes, and a
 * last path segment with a file extension (/_dev/config.json, /robots.txt). A slug such as
 * "dr.-mario" or "s.t.a.l.k.e.r." is not mistaken for a file. Of /auth only GoTrue's /auth/v1 is
 * the backend's: /auth/callback is an app route (email verification and OAuth return).
 */
export const NOT_APP_ROUTES: readonly RegExp[] = [
  /^\/(auth\/v1|rest|functions|_dev|\.netlify)(\/|\?|$)/,
  /\/[^/?]*\.[a-z0-9]{1,8}(\?|$)/i,
];

export function isAppRoute(pathAndQuery: string): boolean {
  return !NOT_APP_ROUTES.some((pattern) => pattern.test(pathAndQuery));
}

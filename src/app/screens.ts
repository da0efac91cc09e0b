// The screens' code, one import() per lazily loaded screen, keyed by its route path (React Router's
// syntax). routes.tsx builds the route table from it; boot.ts asks it which screen a visit opens on,
// so that screen's files download beside the app's own instead of after the app has evaluated and
// routed (one round trip and a whole download less before a game page or a profile shows).
// Kept small: boot.ts is the page's first script (read-code.ts holds only import()s).
import type { ComponentType } from 'react';
import { parseUserId, validGameIdentifier } from '../core/route-params.ts';
import { yieldToPage } from '../core/yield-to-page.ts';
import { gamePageRead, scopeSnapshotRead, type RpcRead } from '../data/first-read.ts';
import { readThroughCode, searchRemoteCode, searchServiceCode } from '../data/read-code.ts';
import { coverArtCode } from '../ui/media/cover-art-code.ts';

export type ScreenCode = () => Promise<{ default: ComponentType }>;

/**
 * Starts `code` in a task of its own. Each import() adds its files to the page as `<link>` preloads
 * (Vite's preload helper) in the task that calls it: a screen's code, its first read's and its
 * covers' together made one task of 140–180 ms on a phone four times slower than a laptop, on the
 * first visit to a game page, a profile or browse, all of it counted in Lighthouse's Total Blocking
 * Time.
 */
const inTaskOfItsOwn = <T>(code: () => Promise<T>): Promise<T> => yieldToPage().then(code);

/**
 * A screen whose first read goes to the server: the code of that read (loaded on demand, so the
 * home page does without it) downloads beside the screen's, not once the screen has rendered.
 * A failure is the read's to report, when it runs.
 */
const withReads =
  (screen: ScreenCode, ...reads: Array<() => Promise<unknown>>): ScreenCode =>
  () => {
    for (const read of reads) read().catch(() => undefined);
    return inTaskOfItsOwn(screen);
  };

/**
 * A screen of game covers: the generated covers' code (not in the home page's) downloads beside the
 * screen's, and the screen renders once both are in, so no cover is drawn twice. Covers that fail
 * to download leave plain tiles; the screen opens regardless.
 */
const withCovers =
  (screen: ScreenCode): ScreenCode =>
  () =>
    Promise.all([screen(), inTaskOfItsOwn(coverArtCode)]).then(([code]) => code);

/**
 * A screen the local gateway paints into a first visit's shell (supabase/local/first-paint.ts):
 * the code that holds what is done on the painted screen until it is in
 * (ui/layout/first-paint-hold.ts, which layout/first-paint.tsx loads when the page has a first
 * paint) is listed with the screen's files, so boot.ts preloads it beside them.
 */
const withFirstPaint =
  (screen: ScreenCode): ScreenCode =>
  () => {
    import('../ui/layout/first-paint-hold.ts').catch(() => undefined);
    return screen();
  };

export const SCREEN_CODE = {
  // Search and discovery (spec 001)
  search: withFirstPaint(
    withCovers(withReads(() => import('../features/search/browse-page.tsx'), searchRemoteCode, searchServiceCode)),
  ),
  'search-results': withCovers(
    withReads(() => import('../features/search/search-results-page.tsx'), searchRemoteCode, searchServiceCode),
  ),
  'enhanced-search-test': () => import('../features/search/enhanced-search-test-page.tsx'),
  // Games, members and the directory (spec 002)
  'game/:identifier': withFirstPaint(
    withCovers(withReads(() => import('../features/games/game-page.tsx'), readThroughCode)),
  ),
  users: () => import('../features/users/users-directory-page.tsx'),
  user: () => import('../features/profile/own-profile-redirect.tsx'),
  'user/:id': withFirstPaint(
    withCovers(withReads(() => import('../features/profile/profile-page.tsx'), readThroughCode)),
  ),
  profile: () => import('../features/profile/protected-redirect.tsx'),
  settings: () => import('../features/profile/protected-redirect.tsx'),
  // Reviews (spec 000)
  'review/:gameId?': withCovers(() => import('../features/reviews/write-review-page.tsx')),
  'review/:userId/:gameId': withReads(() => import('../features/reviews/review-page.tsx'), readThroughCode),
  // Accounts (spec 000)
  'reset-password': () => import('../features/auth/reset-password-page.tsx'),
  'auth/callback': () => import('../features/auth/auth-callback-page.tsx'),
  'debug-auth': () => import('../features/auth/debug-auth-page.tsx'),
  // Help and legal
  faq: () => import('../features/help/faq-page.tsx'),
  contact: () => import('../features/help/contact-page.tsx'),
  terms: () => import('../features/legal/terms-page.tsx'),
  privacy: () => import('../features/legal/privacy-page.tsx'),
  // Anything else
  '*': () => import('../features/errors/not-found-page.tsx'),
} satisfies Record<string, ScreenCode>;

export type ScreenPath = keyof typeof SCREEN_CODE;

/**
 * The server read a screen opens with, by the route's parameters (only the reads that a first
 * visit can send from boot.ts: first-read.ts). The screen asks for exactly the same read.
 */
export const FIRST_READS: Partial<Record<ScreenPath, (params: Readonly<Record<string, string>>) => RpcRead | null>> = {
  // The game page's lookup (use-game-page.ts), which it makes only for an identifier that can name a game.
  'game/:identifier': ({ identifier = '' }) =>
    validGameIdentifier(identifier.trim()) ? gamePageRead(identifier.trim()) : null,
  // The profile's read-through (profile-page.tsx: useReadThrough({ user_ids: [userId] })).
  'user/:id': ({ id }) => {
    const userId = parseUserId(id);
    return userId === null ? null : scopeSnapshotRead({ user_ids: [userId] });
  },
};

/** A parameter as React Router hands it to the screen: decoded, or as written when it is not valid %-encoding. */
function decodeParam(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route's parameters if the route path (static segments, `:param`, `:param?`) matches the
 * path's segments (static ones in any case, as the router), else null.
 */
function matches(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = pattern.split('/');
  const required = parts.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of segments.entries()) {
    const part = parts[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1).replace(/\?$/, '')] = decodeParam(segment);
    else if (part !== segment.toLowerCase()) return null;
  }
  return params;
}

/**
 * The screen a visit to `pathname` opens on, as the router will choose it, with its parameters;
 * null for the home page (in the app's own files) and for an address no screen claims. Of several
 * matching paths the one with more static segments wins, as in React Router.
 */
export function firstScreen(
  pathname: string,
): { readonly path: ScreenPath; readonly params: Readonly<Record<string, string>> } | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return null;
  let best: { path: ScreenPath; params: Record<string, string>; score: number } | null = null;
  for (const path of Object.keys(SCREEN_CODE) as ScreenPath[]) {
    const params = path === '*' ? null : matches(path, segments);
    if (!params) continue;
    const score = path.split('/').filter((part) => !part.startsWith(':')).length;
    if (!best || score > best.score) best = { path, params, score };
  }
  return best && { path: best.path, params: best.params };
}

/** The code of the screen a visit to `pathname` opens on (firstScreen), or null. */
export function firstScreenCode(pathname: string): ScreenCode | null {
  const screen = firstScreen(pathname);
  return screen ? SCREEN_CODE[screen.path] : null;
}

/** The server read the screen a visit to `pathname` opens on starts with, if boot.ts may send it early. */
export function firstScreenRead(pathname: string): RpcRead | null {
  const screen = firstScreen(pathname);
  return (screen && FIRST_READS[screen.path]?.(screen.params)) ?? null;
}

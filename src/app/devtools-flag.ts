// Whether this page wants the console API of devtools.ts: always in development builds, and in a
// production build when localStorage['checkpoint.devtools'] is '1'. Read before the API's chunk is
// fetched, so a member's page never downloads it.

/** The localStorage key that turns the console API on in a production build. */
export const DEVTOOLS_FLAG = 'checkpoint.devtools';

export function devtoolsWanted(): boolean {
  if (import.meta.env.DEV) return true;
  try {
    return localStorage.getItem(DEVTOOLS_FLAG) === '1';
  } catch {
    // Storage blocked (privacy settings): then nobody asked for the console API either.
    return false;
  }
}

// The files of each screen's code, by route path, as the build lists them in index.html
// (.config/vite/screen-files.ts) for boot.ts to preload the first screen's
// (app/screen-files.ts). Here, without the DOM, so the build and the page share the element's id.

/** The id of index.html's `<script type="application/json">` that holds the table. */
export const SCREEN_FILES_ID = 'screen-files';

export type ScreenFiles = Readonly<Record<string, readonly string[]>>;

/**
 * The table in `text`, keeping only the app's own files (an absolute path under /assets/); nothing
 * for a missing or malformed table: the screen's code then downloads when the app imports it.
 */
export function parseScreenFiles(text: string | null | undefined): ScreenFiles {
  if (!text) return {};
  let table: unknown;
  try {
    table = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return {};
  const files: Record<string, readonly string[]> = {};
  for (const [route, list] of Object.entries(table)) {
    if (!Array.isArray(list)) continue;
    files[route] = list.filter((file): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+$/.test(file));
  }
  return files;
}

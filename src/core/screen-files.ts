// The files of each screen's code, by route path, and the app's own files, as the build lists them
// in index.html (vite.config.ts, `checkpoint:screen-files` and `checkpoint:preload-app`) for boot.ts
// to preload once the shell has painted (app/screen-files.ts). Here, without the DOM, so the build
// and the page share the elements' ids.

/** The id of index.html's `<script type="application/json">` that holds the table. */
export const SCREEN_FILES_ID = 'screen-files';

/** The id of index.html's `<script type="application/json">` that lists the app's files (main.tsx's and the libraries'). */
export const APP_FILES_ID = 'app-files';

/** An app's own file: an absolute path under /assets/. */
const isAppFile = (file: unknown): file is string => typeof file === 'string' && /^\/assets\/[\w.-]+$/.test(file);

/** The list in `text`, keeping only the app's own files; nothing for a missing or malformed list. */
export function parseAppFiles(text: string | null | undefined): readonly string[] {
  if (!text) return [];
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    return [];
  }
  return Array.isArray(list) ? list.filter(isAppFile) : [];
}

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
    files[route] = list.filter(isAppFile);
  }
  return files;
}

// A first visit's screen painted with the page's shell: where the local gateway puts it in
// index.html and how it marks it, shared by the gateway (supabase/local/first-paint.ts), the page's
// stylesheet (shell.css) and the app, which keeps it on show until the screen has its data
// (ui/layout/first-paint.tsx). A game page's markup is in game-first-paint.ts: the app's own
// code does without it.

/** Where the gateway puts a first paint in index.html: before the skeleton, which it then hides (shell.css). */
export const FIRST_PAINT_PLACEHOLDER = '<!--first-paint-->';

/** The attribute that marks a first paint, holding the path it was painted for. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

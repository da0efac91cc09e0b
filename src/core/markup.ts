// Text written into HTML by hand (the shells index.html paints before the app's code runs, the
// local gateway's pages): escaped exactly as React's server renderer escapes text and attribute
// values, so markup written here and React's render of the same words are equal byte for byte
// (home-hero.test.tsx, game-header.test.tsx).

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/** `text` safe in an element's text or a quoted attribute value. */
export const escapeMarkup = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

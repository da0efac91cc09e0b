// A review's rich text (the spec's "Text sanitising"): the text is stored as the
// member typed it, and read here into formatting and literal text. Only the allowed tags, written
// exactly and without attributes (`<b>`, `</b>`, `<br>`, `<br/>`), are formatting; a paired tag only
// when it is closed, properly nested, in the same piece of text. Everything else — unknown tags
// ("<tag>"), attributes ("<b class=x>"), entities ("&lt;"), a lone "<" — stays literal text. The
// screens build elements from this tree (never HTML from a string), so no text can become markup.

/** The allowed tags, as the spec lists them. */
export const RICH_TAGS = [
  'b',
  'i',
  'em',
  'strong',
  'u',
  's',
  'br',
  'p',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'h3',
  'h4',
  'h5',
  'h6',
] as const;
export type RichTag = (typeof RICH_TAGS)[number];

export type RichNode = string | { readonly tag: RichTag; readonly children: readonly RichNode[] };

const TAG = new RegExp(`<(/?)(${RICH_TAGS.join('|')})\\s*(/?)>`, 'gi');

interface Token {
  readonly start: number;
  readonly end: number;
  readonly tag: RichTag;
  readonly close: boolean;
  readonly empty: boolean;
}

/** The text as a tree of formatting and literal text. */
export function parseRichText(text: string): RichNode[] {
  const tokens: Token[] = [];
  for (const m of text.matchAll(TAG)) {
    const tag = (m[2] ?? '').toLowerCase() as RichTag;
    const close = m[1] === '/';
    // "<br>" and "<br/>" are line breaks; "</br>" and "<b/>" are not tags anyone means.
    if (close && m[3] === '/') continue;
    if (tag === 'br' ? close : m[3] === '/') continue;
    tokens.push({ start: m.index, end: m.index + m[0].length, tag, close, empty: tag === 'br' });
  }
  // Pair each closing tag with the innermost open one of its name; tags opened inside that pair
  // and still open stay text (so pairs always nest), and so does a closing tag with no partner.
  const paired = new Set<Token>();
  const open: Token[] = [];
  for (const token of tokens) {
    if (token.empty) continue;
    if (!token.close) {
      open.push(token);
      continue;
    }
    const index = open.findLastIndex((t) => t.tag === token.tag);
    if (index === -1) continue;
    paired.add(open[index] as Token).add(token);
    open.length = index;
  }
  const markup = tokens.filter((t) => t.empty || paired.has(t));

  const root: RichNode[] = [];
  const stack: Array<{ tag: RichTag; children: RichNode[] }> = [];
  const here = () => stack.at(-1)?.children ?? root;
  const pushText = (piece: string) => {
    if (piece === '') return;
    const nodes = here();
    const last = nodes.at(-1);
    if (typeof last === 'string') nodes[nodes.length - 1] = last + piece;
    else nodes.push(piece);
  };
  let at = 0;
  for (const token of markup) {
    pushText(text.slice(at, token.start));
    at = token.end;
    if (token.empty) here().push({ tag: token.tag, children: [] });
    else if (!token.close) stack.push({ tag: token.tag, children: [] });
    else {
      const done = stack.pop();
      if (done) here().push({ tag: done.tag, children: done.children });
    }
  }
  pushText(text.slice(at));
  return root;
}

/** The text a reader sees, without the formatting (for lengths and previews). */
export function richPlainText(nodes: readonly RichNode[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : n.tag === 'br' ? '\n' : richPlainText(n.children))).join('');
}

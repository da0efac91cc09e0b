// Spoiler tags in reviews and comments: `||text||` marks text as a spoiler. The stored
// text keeps the markers as typed (so the length limits count them like any other character);
// screens split it into plain and spoiler segments. Rules, in order:
// - `\|` is a literal "|" (the backslash is dropped), so `\||` or `|\|` never opens or closes;
// - `||` opens a spoiler and the next `||` closes it; spoilers do not nest;
// - a spoiler with nothing but spaces inside (`||||`, `|| ||`) and a `||` left without its
//   partner stay literal text, as typed.

/** What cards, previews, activity lines and link descriptions show instead of a spoiler's text. */
export const SPOILER_PLACEHOLDER = '[spoiler]';
/** The marker around a spoiler. */
export const SPOILER_MARKER = '||';
/** What the toolbar inserts when nothing is selected (the word itself is selected, ready to type over). */
export const SPOILER_SAMPLE = 'spoiler';

export interface SpoilerSegment {
  readonly kind: 'text' | 'spoiler';
  readonly text: string;
}

interface Token {
  readonly kind: 'char' | 'marker';
  readonly text: string;
  /** Where the token starts and ends in the raw text. */
  readonly start: number;
  readonly end: number;
}

function tokenize(raw: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < raw.length) {
    if (raw[i] === '\\' && raw[i + 1] === '|') {
      tokens.push({ kind: 'char', text: '|', start: i, end: i + 2 });
      i += 2;
    } else if (raw.startsWith(SPOILER_MARKER, i)) {
      tokens.push({ kind: 'marker', text: SPOILER_MARKER, start: i, end: i + 2 });
      i += 2;
    } else {
      // Whole code points, so an emoji is never split in half by a cut.
      const cp = raw.codePointAt(i) ?? 0;
      const width = cp > 0xffff ? 2 : 1;
      tokens.push({ kind: 'char', text: raw.slice(i, i + width), start: i, end: i + width });
      i += width;
    }
  }
  return tokens;
}

interface Located extends SpoilerSegment {
  readonly start: number;
  readonly end: number;
}

function locate(raw: string): Located[] {
  const tokens = tokenize(raw);
  const out: Located[] = [];
  const pushText = (text: string, start: number, end: number) => {
    const last = out.at(-1);
    if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text + text, start: last.start, end };
    else if (text !== '') out.push({ kind: 'text', text, start, end });
  };
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i];
    if (token === undefined) break;
    if (token.kind === 'marker') {
      const close = tokens.findIndex((t, j) => j > i && t.kind === 'marker');
      const inner = close === -1 ? [] : tokens.slice(i + 1, close);
      const text = inner.map((t) => t.text).join('');
      const closing = tokens[close];
      if (closing !== undefined && text.trim() !== '') {
        out.push({ kind: 'spoiler', text, start: token.start, end: closing.end });
        i = close + 1;
        continue;
      }
      if (closing !== undefined) {
        // A blank pair stays literal as a whole: its closing marker opens nothing.
        pushText(`${token.text}${text}${closing.text}`, token.start, closing.end);
        i = close + 1;
        continue;
      }
    }
    pushText(token.text, token.start, token.end);
    i++;
  }
  return out;
}

/**
 * The text cut where its spoilers start and end, as typed (markers and escapes kept): a spoiler's
 * `inner` is what stands between its markers. For processing each part on its own (sanitising).
 */
export function spoilerPieces(raw: string): { readonly kind: 'text' | 'spoiler'; readonly raw: string }[] {
  return locate(raw).map((s) => ({
    kind: s.kind,
    raw:
      s.kind === 'spoiler'
        ? raw.slice(s.start + SPOILER_MARKER.length, s.end - SPOILER_MARKER.length)
        : raw.slice(s.start, s.end),
  }));
}

/** The text as plain and spoiler segments, in order (markers and escapes resolved). */
export function parseSpoilers(raw: string): SpoilerSegment[] {
  return locate(raw).map(({ kind, text }) => ({ kind, text }));
}

export function hasSpoiler(raw: string): boolean {
  return locate(raw).some((s) => s.kind === 'spoiler');
}

/** The text with every spoiler replaced by "[spoiler]": for cards, previews and descriptions. */
export function hideSpoilers(raw: string): string {
  return locate(raw)
    .map((s) => (s.kind === 'spoiler' ? SPOILER_PLACEHOLDER : s.text))
    .join('');
}

/**
 * Where to cut `raw` near `at` (a raw index) without splitting a spoiler or an escape: a cut
 * inside a spoiler moves before it (its text goes to "more" with the rest), or, when the spoiler
 * opens the text, after it, so an excerpt never turns half a spoiler into readable text.
 */
export function safeCutIndex(raw: string, at: number): number {
  if (at >= raw.length) return raw.length;
  for (const s of locate(raw)) {
    if (at <= s.start || at >= s.end) continue;
    if (s.kind === 'text') {
      // Inside a text run: never between a backslash and the "|" it escapes.
      return raw[at - 1] === '\\' && raw[at] === '|' ? at - 1 : at;
    }
    return s.start > 0 ? s.start : s.end;
  }
  return at;
}

export interface SpoilerEdit {
  readonly value: string;
  readonly selectionStart: number;
  readonly selectionEnd: number;
}

/**
 * The toolbar's "Spoiler" button: wraps the selection in `||…||` (spaces around the selection stay
 * outside), or inserts `||spoiler||` at the caret with the sample word selected.
 */
export function wrapSpoiler(value: string, selectionStart: number, selectionEnd: number): SpoilerEdit {
  const from = Math.max(0, Math.min(selectionStart, selectionEnd, value.length));
  const to = Math.min(value.length, Math.max(selectionStart, selectionEnd));
  const selected = value.slice(from, to);
  const core = selected.trim();
  if (core === '') {
    const value2 = `${value.slice(0, from)}${SPOILER_MARKER}${SPOILER_SAMPLE}${SPOILER_MARKER}${value.slice(to)}`;
    const start = from + SPOILER_MARKER.length;
    return { value: value2, selectionStart: start, selectionEnd: start + SPOILER_SAMPLE.length };
  }
  const lead = selected.length - selected.trimStart().length;
  const innerStart = from + lead;
  const innerEnd = innerStart + core.length;
  const next = `${value.slice(0, innerStart)}${SPOILER_MARKER}${core}${SPOILER_MARKER}${value.slice(innerEnd)}`;
  const start = innerStart + SPOILER_MARKER.length;
  return { value: next, selectionStart: start, selectionEnd: start + core.length };
}

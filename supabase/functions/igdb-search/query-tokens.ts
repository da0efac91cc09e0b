// A tiny tokenizer for the IGDB query text the bulk calls send: words (fields may hold dots),
// non-negative integers and the punctuation `; , = ( ) &`. Anything else is refused.
import { ClientError } from './result.ts';

export type Token =
  | { readonly type: 'word'; readonly value: string }
  | { readonly type: 'number'; readonly value: number }
  | { readonly type: 'punct'; readonly value: ';' | ',' | '=' | '(' | ')' | '&' };

const PATTERN = /\s*(?:([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)|(\d{1,15})|([;,=()&]))/y;

export function unsupported(detail: string): ClientError {
  return new ClientError(400, `Unsupported bulk query: ${detail}`);
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  PATTERN.lastIndex = 0;
  let pos = 0;
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break;
    PATTERN.lastIndex = pos;
    const m = PATTERN.exec(text);
    if (!m) {
      const rest = text.slice(pos).trimStart();
      throw unsupported(`unexpected "${rest.slice(0, 12)}"`);
    }
    pos = PATTERN.lastIndex;
    if (m[1] !== undefined) tokens.push({ type: 'word', value: m[1] });
    else if (m[2] !== undefined) tokens.push({ type: 'number', value: Number(m[2]) });
    else tokens.push({ type: 'punct', value: m[3] as ';' | ',' | '=' | '(' | ')' | '&' });
  }
  return tokens;
}

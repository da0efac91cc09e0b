// Which text the server can store, the one rule for every text a member writes, on both sides.
// Postgres text cannot hold U+0000, and jsonb (sync_push's arguments) refuses the escape \u0000 and
// a surrogate escape that is not one half of a pair: a string with either would fail the whole
// batch it travels in. The server's twin answers such a write `invalid_text` with the same words
// (its migration), so a member reads one message wherever the text is caught. Checked by code unit:
// a broken emoji is a high surrogate not followed by a low one, or a low one not after a high one.

/** The code a write with such text is refused with, on the device and by sync_push. */
export const INVALID_TEXT = 'invalid_text';

/** What the member reads, word for word the server's. */
export const INVALID_TEXT_MESSAGE =
  "This text has a character that can't be saved (a null character or a broken emoji). Remove it and try again.";

/** True when the text has no U+0000 and no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++; // the pair's low half
    } else if (unit >= 0xdc00 && unit <= 0xdfff) return false;
  }
  return true;
}

/**
 * True when every string in a value (an outbox row's arguments: objects, arrays, their keys) is
 * storable. Numbers, booleans and null are. An outbox row an older build queued is checked with
 * this before it is sent.
 */
export function isStorableValue(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableValue);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).every(([key, v]) => isStorableText(key) && isStorableValue(v));
  return true;
}

/** The message when `text` cannot be stored, else null (what a form shows before anything is queued). */
export function storableTextProblem(text: string | null | undefined): string | null {
  return text === null || text === undefined || isStorableText(text) ? null : INVALID_TEXT_MESSAGE;
}

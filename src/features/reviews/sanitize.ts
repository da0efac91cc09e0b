// Text sanitising with DOMPurify, in four profiles:
// - rich: only b, i, em, strong, u, s, br, p, ul, ol, li, blockquote, code, pre, h3–h6, no attributes;
//   script, style, iframe, object, embed and form are removed with their content;
// - basic: b, i, em, strong, br, p; strict: no tags at all (the text only); url: http, https, mailto.
// A review's text is not sanitised into HTML: it is saved as typed and read at render time
// (core/reviews/rich-text.ts, rich-text.tsx), where the rich profile's tags become elements and the rest text.
// Without a DOM (DOMPurify unsupported) every profile fails closed: no tags survive.
import DOMPurify, { type Config } from 'dompurify';
import { RICH_TAGS } from '../../core/reviews/rich-text.ts';

export const BASIC_TAGS = ['b', 'i', 'em', 'strong', 'br', 'p'] as const;
export const FORBIDDEN_TAGS = ['script', 'style', 'iframe', 'object', 'embed', 'form'] as const;
export const URL_PROTOCOLS = ['http:', 'https:', 'mailto:'] as const;

export type SanitizeProfile = 'rich' | 'basic' | 'strict';

const CONFIGS: Record<SanitizeProfile, Config> = {
  rich: { ALLOWED_TAGS: [...RICH_TAGS], ALLOWED_ATTR: [], FORBID_TAGS: [...FORBIDDEN_TAGS], KEEP_CONTENT: true },
  basic: { ALLOWED_TAGS: [...BASIC_TAGS], ALLOWED_ATTR: [], FORBID_TAGS: [...FORBIDDEN_TAGS], KEEP_CONTENT: true },
  strict: { ALLOWED_TAGS: [], ALLOWED_ATTR: [], FORBID_TAGS: [...FORBIDDEN_TAGS], KEEP_CONTENT: true },
};

/** Removes every tag (and the content of script-like ones) without a DOM, for the fail-closed path. */
function stripTags(input: string): string {
  return input
    .replace(/<(script|style|iframe|object|embed|form)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?[A-Za-z!?/][^>]*>?/g, '')
    .replace(/<(?=[A-Za-z/!?])/g, '&lt;');
}

/** The profile's HTML, as DOMPurify serialises it (entities escaped). */
export function sanitizeHtml(input: string, profile: SanitizeProfile = 'rich'): string {
  if (!DOMPurify.isSupported) return stripTags(input);
  return DOMPurify.sanitize(input, { ...CONFIGS[profile], RETURN_TRUSTED_TYPE: false });
}

/** The strict profile: the text alone, no markup, as plain text (entities decoded). */
export function sanitizeStrict(input: string): string {
  if (!DOMPurify.isSupported) return stripTags(input);
  const fragment = DOMPurify.sanitize(input, { ...CONFIGS.strict, RETURN_DOM_FRAGMENT: true });
  return fragment.textContent ?? '';
}

export function sanitizeBasic(input: string): string {
  return sanitizeHtml(input, 'basic');
}

/** The url profile: the address if it is http, https or mailto, else ''. */
export function sanitizeUrl(input: string): string {
  const trimmed = input.trim();
  // Control characters and spaces inside a scheme ("java\tscript:") are how filters get fooled.
  if (trimmed === '' || Array.from(trimmed).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return '';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return '';
  }
  return (URL_PROTOCOLS as readonly string[]).includes(url.protocol) ? trimmed : '';
}

// Page meta tags (the spec: the shell provides them): the document title, description and the
// Open Graph / Twitter card tags, set by whichever screen is showing. Screens stack their meta
// (a screen inside a layout that also sets meta), the newest wins, and on unmount the one below
// comes back; with none, the product's defaults apply.
import { useEffect } from 'react';
import { textMeta } from '../../core/page-meta.ts';

export interface PageMeta {
  /** The screen's own title; the document title becomes "{title} | Checkpoint". Omit for the bare site name. */
  readonly title?: string;
  readonly description?: string;
  /** An absolute or root-relative image address for link previews (a game's cover, an avatar). */
  readonly image?: string | null;
  /** Pages that should not be indexed (errors, auth returns). */
  readonly noIndex?: boolean;
}

const stack: { readonly meta: PageMeta }[] = [];

function setTag(attribute: 'name' | 'property', key: string, content: string | null) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

function applyTop() {
  const meta = stack.at(-1)?.meta ?? {};
  const { title, tags } = textMeta(meta);
  const image = meta.image
    ? new URL(meta.image, window.location.origin).href
    : new URL('/icon-512.png', window.location.origin).href;
  document.title = title;
  for (const tag of tags) setTag(tag.attribute, tag.key, tag.content);
  setTag('name', 'robots', meta.noIndex ? 'noindex' : null);
  setTag('property', 'og:url', window.location.href);
  setTag('property', 'og:image', image);
}

/** Sets the page's title and meta tags while the calling screen is shown: `usePageMeta({ title, description })`. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, image, noIndex } = meta;
  useEffect(() => {
    const entry = { meta: { title, description, image, noIndex } };
    stack.push(entry);
    applyTop();
    return () => {
      const at = stack.indexOf(entry);
      if (at >= 0) stack.splice(at, 1);
      applyTop();
    };
  }, [title, description, image, noIndex]);
}

/** The same as a component, for screens that prefer markup: `<PageMetaTags title="…" />`. */
export function PageMetaTags(props: PageMeta) {
  usePageMeta(props);
  return null;
}

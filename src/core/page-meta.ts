// The page's title and its text meta tags (description, Open Graph, Twitter card) for a screen's
// title and description (the spec: the shell provides them). The app sets them in the document
// as screens show (ui/meta/page-meta.tsx); the local gateway writes the same into the
// index.html it serves at a game page's address (supabase/local/first-paint.ts), so the tab's
// title is right from the first paint and a link preview, made without running scripts, names the game.
import { hideSpoilers } from './reviews/spoiler.ts';

export const SITE_NAME = 'Checkpoint';
export const DEFAULT_DESCRIPTION = 'Rate, review, and discover games through the power of social gaming.';

/** The document title for a screen title. */
export const documentTitle = (title?: string) =>
  title?.trim() ? `${title.trim()} | ${SITE_NAME}` : `${SITE_NAME} — Track Your Games, Find the Next`;

/** A meta tag: `<meta {attribute}="{key}" content="{content}">`. */
export interface MetaTag {
  readonly attribute: 'name' | 'property';
  readonly key: string;
  readonly content: string;
}

/**
 * The title and the text tags for a screen. A link preview never tells a spoiler:
 * screens hide them before cutting their text, and whatever still holds one shows "[spoiler]" here.
 */
export function textMeta(meta: { readonly title?: string; readonly description?: string }): {
  readonly title: string;
  readonly tags: readonly MetaTag[];
} {
  const title = documentTitle(meta.title);
  const description = hideSpoilers(meta.description?.trim() ?? '') || DEFAULT_DESCRIPTION;
  return {
    title,
    tags: [
      { attribute: 'name', key: 'description', content: description },
      { attribute: 'property', key: 'og:site_name', content: SITE_NAME },
      { attribute: 'property', key: 'og:type', content: 'website' },
      { attribute: 'property', key: 'og:title', content: title },
      { attribute: 'property', key: 'og:description', content: description },
      { attribute: 'name', key: 'twitter:card', content: 'summary' },
      { attribute: 'name', key: 'twitter:title', content: title },
      { attribute: 'name', key: 'twitter:description', content: description },
    ],
  };
}

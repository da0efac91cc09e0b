// IGDB's image sizes for a cover's srcset.

/** "Image widths 400, 800, 1200 for srcset" */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
/**
 * IGDB serves fixed sizes by name; these are the smallest that cover each width
 * (cover_big_2x is 528 px wide, 720p 1280, 1080p 1920).
 */
const IGDB_SIZE_FOR_WIDTH: Readonly<Record<(typeof IMAGE_WIDTHS)[number], string>> = {
  400: 't_cover_big_2x',
  800: 't_720p',
  1200: 't_1080p',
};
const IGDB_IMAGE = /^(https?:)?\/\/images\.igdb\.com\/igdb\/image\/upload\/t_[a-z0-9_]+\/(.+)$/i;

/** The srcset of an IGDB image URL (t_cover_big and the other sizes), or null for any other URL. */
export function igdbSrcSet(url: string | null | undefined): string | null {
  const match = typeof url === 'string' ? IGDB_IMAGE.exec(url) : null;
  if (!match) return null;
  const file = match[2] ?? '';
  return IMAGE_WIDTHS.map(
    (w) => `https://images.igdb.com/igdb/image/upload/${IGDB_SIZE_FOR_WIDTH[w]}/${file} ${w}w`,
  ).join(', ');
}

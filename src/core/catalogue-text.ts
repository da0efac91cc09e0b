// A game's slug and cover address as the catalogue keeps them (normalize_game's rules): used by the
// device's mirrors (store/mutators/game-row.ts), the search results (data/search/hits.ts) and the
// local gateway's first paint of Browse Games, which must not load the device's database code.

/**
 * The spec's slug rule (app.slugify): accents folded, lower-case, a-z 0-9 space and hyphen kept,
 * spaces to hyphens, repeated hyphens collapsed. NFD folding stands in for unaccent.
 */
export function slugify(text: string): string | null {
  const slug = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? null : slug;
}

/** Cover URLs as normalize_game keeps them: the big cover size, https only. */
export function coverUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  let v = url.replaceAll('t_thumb', 't_cover_big');
  if (v.startsWith('//')) v = `https:${v}`;
  if (v.startsWith('http://')) v = `https://${v.slice('http://'.length)}`;
  return v.startsWith('https://') ? v : null;
}

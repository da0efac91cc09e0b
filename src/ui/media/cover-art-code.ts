// The import() of the generated covers' code, apart from React so that app/screens.ts (which boot.ts,
// the page's first script, reads) can name it without pulling anything else in.
let requested: Promise<unknown> | null = null;

/** Loads generated-cover.tsx (it registers itself with cover-art-registry.ts); once, unless it failed. */
export function coverArtCode(): Promise<unknown> {
  // A failed download is retried by the next cover that mounts; meanwhile covers stay plain tiles.
  requested ??= import('./generated-cover.tsx').catch(() => {
    requested = null;
  });
  return requested;
}

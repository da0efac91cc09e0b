// Issue 7 §2, checked in CI: the JavaScript the home page needs (the built entry, its modulepreloads
// and their static imports) stays within 180 KB gzipped, and every lazy route has its own chunk.
import { describe, expect, it } from 'vitest';
import { DEFAULT_DIST_DIR } from '../../supabase/local/gateway.ts';
import { HOME_JS_BUDGET_BYTES, lazyRoutes, measureBundle } from '../bench/bundle.bench.ts';

describe('performance budgets', () => {
  it('keeps the home page JavaScript within 180 KB gzipped, every route split into its own chunk', async () => {
    const figures = await measureBundle(DEFAULT_DIST_DIR);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`home ${kb(figures.homeGzipBytes)} in ${figures.homeFiles.length} files; ${figures.routes.map((r) => `${r.name} ${kb(r.gzipBytes)}`).join(', ')}`);
    expect(figures.homeFiles[0]).toMatch(/^\/assets\/index-.+\.js$/);
    // Route-level splitting: no screen but home is in the home set, each route chunk exists.
    const modules = new Set((await lazyRoutes()).map((r) => r.module));
    expect(figures.routes.map((r) => r.name).sort()).toEqual([...modules].sort());
    for (const route of figures.routes) {
      expect(figures.homeFiles.some((file) => file.includes(`/${route.name}-`)), route.name).toBe(false);
      expect(route.gzipBytes, route.name).toBeGreaterThan(0);
    }
    expect(figures.homeGzipBytes, `home set ${kb(figures.homeGzipBytes)}: ${figures.homeFiles.join(', ')}`).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });
});

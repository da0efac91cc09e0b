import { describe, expect, it } from 'vitest';
import { isCoverImage } from './cover-route.ts';

const matches = (href: string) => isCoverImage({ url: new URL(href) });

describe('the cover cache route', () => {
  it('takes every IGDB image size the covers ask for, and IGDB-style cover paths from other hosts', () => {
    for (const size of ['t_cover_big', 't_cover_big_2x', 't_720p', 't_1080p', 't_thumb']) {
      expect(matches(`https://images.igdb.com/igdb/image/upload/${size}/co1wyy.jpg`), size).toBe(true);
    }
    expect(matches('https://covers.example.org/igdb/image/upload/t_cover_big/co1wyy.jpg')).toBe(true);
  });

  it('leaves the app, its API and other images alone', () => {
    for (const href of [
      'http://127.0.0.1:5173/assets/index-abc.js',
      'http://127.0.0.1:5173/icon-192.png',
      'http://127.0.0.1:5173/rest/v1/rpc/browse_games',
      'http://127.0.0.1:5173/functions/v1/igdb-search',
      'https://example.org/cover.png',
    ]) {
      expect(matches(href), href).toBe(false);
    }
  });
});

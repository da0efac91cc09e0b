import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_OPTIONS, FALLBACK_PLATFORMS, platformName, platformNames, platformsOrFallback, reviewPlatformOptions, samePlatform } from './platforms.ts';

describe('platform names', () => {
  it("maps the spec's examples to their short names", () => {
    expect(platformName('PC (Microsoft Windows)')).toBe('PC');
    expect(platformName('PlayStation 5')).toBe('PS5');
    expect(platformName('Xbox Series X and S')).toBe('Xbox Series X/S');
    expect(platformName('Xbox Series X|S')).toBe('Xbox Series X/S');
    expect(platformName('Nintendo Switch')).toBe('Switch');
  });

  it('keeps names it does not know, trimmed', () => {
    expect(platformName('  PlayStation   4 ')).toBe('PlayStation 4');
    expect(platformName('Nintendo Switch 2')).toBe('Nintendo Switch 2');
  });

  it('de-duplicates after mapping and sorts case-insensitively', () => {
    expect(platformNames(['PlayStation 5', 'PC (Microsoft Windows)', 'PS5', 'mac', 'Nintendo Switch', 'PC', '', 'Linux']))
      .toEqual(['Linux', 'mac', 'PC', 'PS5', 'Switch']);
    expect(platformNames(null)).toEqual([]);
  });
});

describe('fallback lists', () => {
  it('are the spec lists', () => {
    expect(FALLBACK_PLATFORMS).toEqual(['PC', 'PS5', 'Xbox Series X/S', 'Switch']);
    expect(DEFAULT_PLATFORM_OPTIONS).toEqual(['PS5', 'Xbox Series X/S', 'Nintendo Switch', 'PC', 'Retro']);
  });

  it('a game without platforms shows the fallback platforms', () => {
    expect(platformsOrFallback([])).toEqual(['PC', 'PS5', 'Xbox Series X/S', 'Switch']);
    expect(platformsOrFallback(['Wii U', 'Nintendo Switch'])).toEqual(['Switch', 'Wii U']);
  });

  it('the review form offers the game platforms (required), else the default options (optional)', () => {
    expect(reviewPlatformOptions(['PlayStation 5'])).toEqual({ options: ['PS5'], required: true });
    expect(reviewPlatformOptions(undefined)).toEqual({ options: DEFAULT_PLATFORM_OPTIONS, required: false });
  });

  it('knows a long and a short name mean the same platform', () => {
    expect(samePlatform('Nintendo Switch', 'Switch')).toBe(true);
    expect(samePlatform('PC (Microsoft Windows)', 'pc')).toBe(true);
    expect(samePlatform('PS5', 'PlayStation 4')).toBe(false);
  });
});

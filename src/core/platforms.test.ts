import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLATFORM_OPTIONS,
  FALLBACK_PLATFORMS,
  platformName,
  platformNames,
  platformsOrFallback,
  reviewPlatformOptions,
  samePlatform,
} from './platforms.ts';

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
    expect(
      platformNames(['PlayStation 5', 'PC (Microsoft Windows)', 'PS5', 'mac', 'Nintendo Switch', 'PC', '', 'Linux']),
    ).toEqual(['Linux', 'mac', 'PC', 'PS5', 'Switch']);
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

describe('platformNames order', () => {
  it("sorts as ICU's English collator (base sensitivity) does, for plain and accented names", () => {
    const names = [
      'PC (Microsoft Windows)',
      'PlayStation 4',
      'PlayStation 5',
      'PlayStation',
      'PS Vita',
      'Xbox Series X|S',
      'Xbox 360',
      'Xbox One',
      'Xbox',
      'Nintendo 3DS',
      'Nintendo DS',
      'Nintendo 64',
      'Nintendo Switch',
      'Wii U',
      'Wii',
      'Game Boy Advance',
      'Game Boy Color',
      'Game Boy',
      'Sega Mega Drive/Genesis',
      'Sega Master System/Mark III',
      'Sega 32X',
      'Sega CD',
      'Atari 2600',
      'Atari 7800',
      'Atari ST/STE',
      'Commodore C64/128/MAX',
      'Amiga CD32',
      'Amiga',
      'Amstrad CPC',
      'ZX Spectrum',
      'Neo Geo Pocket',
      'Neo Geo AES',
      'TurboGrafx-16/PC Engine',
      'iOS',
      'Android',
      'Mac',
      'Linux',
      'Web browser',
      'Google Stadia',
      'Meta Quest 2',
      'Oculus Rift',
      'SteamVR',
      'Windows Mobile',
      '3DO Interactive Multiplayer',
      'Arcade',
      'Satellaview',
      'Évercade',
      'Zeebo',
      'ouya',
      'Ouya+',
      'N-Gage',
      'N-Gage 2.0',
      'Dreamcast',
    ];
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    const expected = [...new Map(names.map((n) => platformName(n)).map((n) => [n.toLowerCase(), n])).values()].sort(
      collator.compare,
    );
    expect(platformNames(names)).toEqual(expected);
    expect(platformNames([...names].reverse())).toEqual(expected);
  });
});

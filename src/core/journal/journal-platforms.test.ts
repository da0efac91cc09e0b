import { describe, expect, it } from 'vitest';
import { sessionPlatformOptions, UNKNOWN_PLATFORM_LABEL } from './journal-platforms.ts';

const KNOWN = [
  { id: 6, name: 'PC (Microsoft Windows)' },
  { id: 167, name: 'PlayStation 5' },
  { id: 130, name: 'Nintendo Switch' },
  { id: 48, name: 'PlayStation 4' },
  // A second row the short name "PC" also stands for.
  { id: 900, name: 'PC' },
];
const WITCHER = ['PC (Microsoft Windows)', 'PlayStation 4', 'Nintendo Switch', 'PC'];

describe('the platforms a play session may name', () => {
  it("offers the game's platforms the device has ids for, once per short name, sorted", () => {
    expect(sessionPlatformOptions(KNOWN, WITCHER)).toEqual([
      { id: 6, label: 'PC' },
      { id: 48, label: 'PlayStation 4' },
      { id: 130, label: 'Switch' },
    ]);
    // Matched by the catalogue's spelling, whatever the case and spaces around it.
    expect(sessionPlatformOptions(KNOWN, [' playstation 5 '])).toEqual([{ id: 167, label: 'PS5' }]);
  });

  it("offers nothing when the device knows neither the game's platforms nor their ids", () => {
    expect(sessionPlatformOptions(KNOWN, undefined)).toEqual([]);
    expect(sessionPlatformOptions([], WITCHER)).toEqual([]);
    expect(sessionPlatformOptions(KNOWN, WITCHER.concat('Stadia')).map((o) => o.label)).not.toContain('Stadia');
  });

  it("keeps an edited session's platform when it is among the game's already", () => {
    expect(sessionPlatformOptions(KNOWN, WITCHER, { id: 48, label: 'PlayStation 4' })).toEqual(
      sessionPlatformOptions(KNOWN, WITCHER),
    );
  });

  it("keeps an edited session's platform selectable when the game's platforms are not on the device", () => {
    expect(sessionPlatformOptions(KNOWN, undefined, { id: 167, label: 'PS5' })).toEqual([{ id: 167, label: 'PS5' }]);
    // Its name from the device's platform list when the entry had none.
    expect(sessionPlatformOptions(KNOWN, [], { id: 130, label: null })).toEqual([{ id: 130, label: 'Switch' }]);
    // No platform list on the device at all: still there, under a neutral name.
    expect(sessionPlatformOptions([], undefined, { id: 130, label: null })).toEqual([
      { id: 130, label: UNKNOWN_PLATFORM_LABEL },
    ]);
    expect(sessionPlatformOptions([], undefined, { id: null, label: null })).toEqual([]);
  });

  it("uses the session's own id where two ids share its short name, so an untouched edit changes nothing", () => {
    expect(sessionPlatformOptions(KNOWN, WITCHER, { id: 900, label: 'PC' })).toEqual([
      { id: 900, label: 'PC' },
      { id: 48, label: 'PlayStation 4' },
      { id: 130, label: 'Switch' },
    ]);
  });

  it('adds a platform the game no longer lists, sorted among the others', () => {
    expect(sessionPlatformOptions(KNOWN, WITCHER, { id: 167, label: 'PS5' }).map((o) => o.label)).toEqual([
      'PC',
      'PlayStation 4',
      'PS5',
      'Switch',
    ]);
  });
});

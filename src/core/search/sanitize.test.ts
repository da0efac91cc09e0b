import { describe, expect, it } from 'vitest';
import { sanitizeMemberQuery, sanitizeQuery } from './sanitize.ts';
import { QUERY_MAX_LENGTH } from './constants.ts';

describe('sanitizeQuery strips forbidden characters and caps the length', () => {
  it('strips quote, backslash, semicolon, parentheses, percent and underscore', () => {
    expect(sanitizeQuery(`zel'da"\\;()%_`)).toBe('zelda');
  });
  it('strips the sequences -- /* */ even when removing one forms another', () => {
    expect(sanitizeQuery('mario -- kart /* x */')).toBe('mario  kart  x');
    expect(sanitizeQuery('a-/**/-b')).toBe('ab');
  });
  it('keeps single hyphens and trims', () => {
    expect(sanitizeQuery('  half-life  ')).toBe('half-life');
  });
  it('caps at 100 characters', () => {
    expect(QUERY_MAX_LENGTH).toBe(100);
    expect(sanitizeQuery('x'.repeat(150))).toHaveLength(100);
  });
});

describe('sanitizeMemberQuery', () => {
  it('keeps underscores (usernames) and strips everything else the game sanitiser does', () => {
    expect(sanitizeMemberQuery("  pixel_pilgrim'; --")).toBe('pixel_pilgrim');
    expect(sanitizeMemberQuery('a%b(c)"d\\e')).toBe('abcde');
    expect(sanitizeMemberQuery('x'.repeat(150))).toHaveLength(100);
  });
});

import { describe, expect, it } from 'vitest';
import { foldAccents, normalizeQuery, normalizeText, toRoman, tokenize } from './normalize.ts';

describe('normalize', () => {
  it('folds accents and case: "Pokémon" = "pokemon"', () => {
    expect(foldAccents('Pokémon')).toBe('pokemon');
    expect(normalizeText('POKÉMON Red')).toBe(normalizeText('pokemon red'));
  });
  it('turns punctuation into spaces and drops apostrophes', () => {
    expect(normalizeText("The Legend of Zelda: Majora's Mask")).toBe('the legend of zelda majoras mask');
    expect(normalizeText('Ratchet & Clank')).toBe('ratchet and clank');
  });
  it('treats roman numerals 1–20 as arabic: "final fantasy 7" ≡ "final fantasy vii"', () => {
    expect(normalizeText('Final Fantasy VII')).toBe('final fantasy 7');
    expect(normalizeQuery('final fantasy 7')).toBe(normalizeText('Final Fantasy VII'));
    expect(normalizeText('Final Fantasy XX')).toBe('final fantasy 20');
    expect(toRoman(14)).toBe('xiv');
    expect(toRoman(21)).toBeUndefined();
  });
  it('keeps a leading "I" as a word', () => {
    expect(tokenize('I Am Setsuna')[0]).toBe('i');
  });
  it('expands short forms in queries only', () => {
    expect(normalizeQuery('FF7')).toBe('final fantasy 7');
    expect(normalizeQuery('ff vii')).toBe('final fantasy 7');
    expect(normalizeQuery('gta v')).toBe('grand theft auto 5');
    expect(normalizeQuery('cod')).toBe('call of duty');
    expect(normalizeQuery('botw')).toBe('breath of the wild');
    expect(normalizeText('FF')).toBe('ff');
  });
  it('expands "re" only before a number', () => {
    expect(normalizeQuery('re4')).toBe('resident evil 4');
    expect(normalizeQuery('re 2')).toBe('resident evil 2');
    expect(normalizeQuery('re')).toBe('re');
    expect(normalizeQuery('re volt')).toBe('re volt');
  });
});

import { describe, expect, it } from 'vitest';
import { authorInitial, authorName, cardCounts, cardText, cardTheme, reviewCardPath } from './review-card.ts';

describe('review card helpers', () => {
  it('names the author by username, else name, else Anonymous', () => {
    expect(authorName({ username: 'pixel', name: 'Pia' })).toBe('pixel');
    expect(authorName({ username: '  ', name: 'Pia' })).toBe('Pia');
    expect(authorName({ username: null, name: null })).toBe('Anonymous');
    expect(authorName(null)).toBe('Anonymous');
    expect(authorInitial({ username: 'zelda_fan' })).toBe('Z');
    expect(authorInitial(null)).toBe('A');
  });

  it('shows text only when non-blank and cuts compact text at 120 characters plus ...', () => {
    expect(cardText('   ', 'compact')).toBeNull();
    expect(cardText(null, 'full')).toBeNull();
    const long = 'x'.repeat(130);
    expect(cardText(long, 'compact')).toBe(`${'x'.repeat(120)}...`);
    expect(cardText(long, 'full')).toBe(long);
    expect(cardText('y'.repeat(120), 'compact')).toBe('y'.repeat(120));
  });

  it('links to /review/{userId}/{gameId} with the IGDB id first, else /search', () => {
    expect(reviewCardPath(7, 1942, 3)).toBe('/review/7/1942');
    expect(reviewCardPath(7, null, 3)).toBe('/review/7/3');
    expect(reviewCardPath(null, 1942, 3)).toBe('/search');
    expect(reviewCardPath(7, null, null)).toBe('/search');
  });

  it('picks the colour theme by review id modulo 5', () => {
    expect([0, 1, 2, 3, 4, 5, 12].map(cardTheme)).toEqual([
      'purple',
      'green',
      'orange',
      'blue',
      'red',
      'purple',
      'orange',
    ]);
    expect(cardTheme(-1)).toBe('red');
  });

  it("shows 0 likes and 0 comments on the member's own review", () => {
    expect(cardCounts({ like_count: 4, comment_count: 2 }, false)).toEqual({ likes: 4, comments: 2 });
    expect(cardCounts({ like_count: 4, comment_count: 2 }, true)).toEqual({ likes: 0, comments: 0 });
  });
});

import { expect, it } from 'vitest';
import { writeLabel } from './write-label.ts';

it('names a refused write by what it was, with the game or member when the device knows them', () => {
  expect(writeLabel('comment.add', { rating_id: 4 }, { game: 'Hades' })).toBe('Comment on Hades');
  expect(writeLabel('comment.add', { rating_id: 4 })).toBe('Comment on a review');
  expect(writeLabel('wishlist.set', { igdb_id: 1, in: false }, { game: 'Celeste' })).toBe(
    'Removing Celeste from Wishlist',
  );
  expect(writeLabel('collection.move', { igdb_id: 1, to: 'wishlist' })).toBe('Moving a game to Wishlist');
  // A game found only in the external catalogue travels with its name.
  expect(writeLabel('review.create', { igdb_id: 9, rating: 8, game: { name: 'Lighthouse Keeper' } })).toBe(
    'Review of Lighthouse Keeper',
  );
  expect(writeLabel('follow.set', { user_id: 2, following: false })).toBe('Unfollow a member');
  expect(writeLabel('review_like.set', { rating_id: 4, liked: true }, { game: 'Hades' })).toBe(
    'Like of a review of Hades',
  );
  expect(writeLabel('something.new', {})).toBe('A change');
});

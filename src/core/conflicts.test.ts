import { describe, expect, it } from 'vitest';
import { CONFLICT_TEXT, conflictHeadline, mineEdit, yoursParts, type Conflict } from './conflicts.ts';

const review: Conflict = {
  id: 'c1',
  name: 'review.update',
  args: { igdb_id: 1942, review: 'A edited FIRST', rating: 2, playtime_hours: 12 },
  fields: ['rating', 'review'],
};

describe('conflict notice texts', () => {
  it("names what changed in the spec's words and shows the member's own values that lost", () => {
    expect(conflictHeadline(review)).toBe('This review was changed on another device after your edit.');
    expect(yoursParts(review)).toEqual(['Rating 2', '“A edited FIRST”']);
    expect(conflictHeadline({ ...review, name: 'profile.update' })).toBe(CONFLICT_TEXT.profile);
  });

  it('shows a Top 5 by game names and a shelf edit in words', () => {
    const top5: Conflict = {
      id: 'c2',
      name: 'top5.replace',
      args: { games: [{ igdb_id: 72 }, { igdb_id: 1942 }], base: [] },
      fields: ['games'],
    };
    expect(yoursParts(top5, (id) => (id === 72 ? 'Portal 2' : undefined))).toEqual(['1. Portal 2, 2. #1942']);
    expect(yoursParts({ id: 'c3', name: 'wishlist.set', args: { igdb_id: 72, in: false }, fields: ['shelf'] })).toEqual(
      ['Not in Want to Play'],
    );
  });
});

describe('Use mine', () => {
  it('edits again just the fields that lost, naming the same row', () => {
    expect(mineEdit(review)).toEqual({
      name: 'review.update',
      args: { igdb_id: 1942, review: 'A edited FIRST', rating: 2 },
    });
    expect(
      mineEdit({ id: 'c4', name: 'journal.update', args: { key: 'k', note: 'n', minutes: 3 }, fields: ['note'] }),
    ).toEqual({ name: 'journal.update', args: { key: 'k', note: 'n' } });
  });

  it('sends a Top 5 again whole, without the base it was made on', () => {
    expect(
      mineEdit({
        id: 'c5',
        name: 'top5.replace',
        args: { games: [{ igdb_id: 72 }], base: [{ igdb_id: 1 }] },
        fields: ['games'],
      }),
    ).toEqual({ name: 'top5.replace', args: { games: [{ igdb_id: 72 }] } });
  });
});

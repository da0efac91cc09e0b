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
    expect(yoursParts(review)).toEqual(['Rating: 2.0', '“A edited FIRST”']);
    expect(conflictHeadline({ ...review, name: 'profile.update' })).toBe(CONFLICT_TEXT.profile);
  });

  it('shows a Top 5 by game names and a shelf edit in words', () => {
    const top5: Conflict = {
      id: 'c2',
      name: 'top5.replace',
      args: { games: [{ igdb_id: 72 }, { igdb_id: 1942 }], base: [] },
      fields: ['games'],
    };
    expect(yoursParts(top5, { game: (id) => (id === 72 ? 'Portal 2' : undefined) })).toEqual(['1. Portal 2, 2. #1942']);
    expect(yoursParts({ id: 'c3', name: 'wishlist.set', args: { igdb_id: 72, in: false }, fields: ['shelf'] })).toEqual(
      ['Not in Want to Play'],
    );
  });
});

describe('conflict notice fields as a person reads them', () => {
  const platforms = new Map([
    [1, 'PC (Microsoft Windows)'],
    [2, 'PlayStation 5'],
  ]);
  const names = { platform: (id: number) => platforms.get(id) };

  it("names a review's platform from the device's platforms, not by its id", () => {
    const edit: Conflict = {
      id: 'c4',
      name: 'review.update',
      args: { igdb_id: 1942, platform_id: 1, is_recommended: false, playtime_hours: 12 },
      fields: ['platform', 'is_recommended', 'playtime_hours'],
    };
    expect(yoursParts(edit, names)).toEqual(['Platform: PC', 'Recommended: no', 'Playtime: 12 hours']);
    expect(yoursParts({ ...edit, args: { igdb_id: 1942, platform: 'Nintendo Switch' }, fields: ['platform'] })).toEqual(
      ['Platform: Switch'],
    );
    // A platform the device does not hold is not shown as a bare number.
    expect(yoursParts({ ...edit, args: { platform_id: 99 }, fields: ['platform'] }, names)).toEqual([
      'Platform: (unknown)',
    ]);
  });

  it("shows a play session's platform, time and privacy in words", () => {
    const session: Conflict = {
      id: 'c5',
      name: 'journal.update',
      args: { id: 7, platform_id: 2, minutes: 1, is_private: true, rating: 10 },
      fields: ['platform_id', 'minutes', 'is_private'],
    };
    expect(yoursParts(session, names)).toEqual(['Platform: PS5', 'Time played: 1 minute', 'Private: yes']);
    expect(yoursParts({ ...review, args: { rating: 10 }, fields: ['rating'] })).toEqual(['Rating: 10']);
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

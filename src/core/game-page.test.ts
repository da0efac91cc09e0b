import { describe, expect, it } from 'vitest';
import {
  arrowState,
  averageLabel,
  carouselHasArrows,
  categoryBadge,
  categoryName,
  dlcCarousel,
  igdbSrcSet,
  isDlcCategory,
  metaDescription,
  modsCarousel,
  MODS_SHOWN,
  ratingSummary,
  staleLists,
  statusButtons,
  statusFailureMessage,
  summaryNeedsToggle,
  truncate,
  NO_STATUS,
  DLC_LIMIT,
  type CarouselGame,
} from './game-page.ts';

const NOW = Date.UTC(2026, 0, 1) / 1000;
const game = (
  igdb_id: number,
  name: string,
  category: number | null,
  extra: Partial<CarouselGame> = {},
): CarouselGame => ({
  igdb_id,
  name,
  category,
  cover_url: `https://images.igdb.com/igdb/image/upload/t_cover_big/c${igdb_id}.jpg`,
  first_release_date: 1_000_000_000 + igdb_id * 1000,
  ...extra,
});

describe('category labels', () => {
  it('gives the spec badge for 1 to 14 and none for 0, null or unknown codes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map(categoryBadge)).toEqual([
      'DLC',
      'Expansion',
      'Bundle',
      'Standalone Expansion',
      'Mod',
      'Episode',
      'Season',
      'Remake',
      'Remaster',
      'Expanded Edition',
      'Port',
      'Fork',
      'Pack',
      'Update',
    ]);
    expect(categoryBadge(0)).toBeNull();
    expect(categoryBadge(null)).toBeNull();
    expect(categoryBadge(undefined)).toBeNull();
    expect(categoryBadge(99)).toBeNull();
  });

  it('names carousel categories, with Additional Content for the rest', () => {
    expect([null, 0, 1, 2, 3, 4, 8].map(categoryName)).toEqual([
      'Main Game',
      'Main Game',
      'DLC',
      'Expansion',
      'Bundle',
      'Standalone Expansion',
      'Additional Content',
    ]);
    expect([0, 1, 4, 5, null].map(isDlcCategory)).toEqual([false, true, true, false, false]);
  });
});

describe('text rules', () => {
  it('truncates developer and publisher to 30 characters', () => {
    expect(truncate('Nintendo EPD')).toEqual({ text: 'Nintendo EPD', truncated: false });
    const long = 'Square Enix Business Division 3 and Friends';
    const cut = truncate(long);
    expect(cut.truncated).toBe(true);
    expect(cut.text).toBe('Square Enix Business Division...');
    expect(truncate('x'.repeat(30)).truncated).toBe(false);
    expect(truncate('x'.repeat(31)).truncated).toBe(true);
  });

  it('offers the summary toggle only above 200 characters', () => {
    expect(summaryNeedsToggle('a'.repeat(200))).toBe(false);
    expect(summaryNeedsToggle('a'.repeat(201))).toBe(true);
    expect(summaryNeedsToggle(null)).toBe(false);
  });

  it('cuts the meta description to the first 160 characters of the summary', () => {
    expect(metaDescription(`${'b'.repeat(150)}\n\n  ${'c'.repeat(50)}`)).toBe(`${'b'.repeat(150)} ${'c'.repeat(9)}`);
    expect(metaDescription('Short.')).toBe('Short.');
    expect(metaDescription('   ')).toBeNull();
    expect(metaDescription(null)).toBeNull();
  });
});

describe('ratings card', () => {
  it('counts 1 to 10 into ten buckets and averages to one decimal', () => {
    const s = ratingSummary([10, 9.5, 9, 1, 1.5, 7.25, 0, 11, Number.NaN]);
    expect(s.count).toBe(6);
    expect(s.histogram).toEqual([2, 0, 0, 0, 0, 0, 1, 0, 2, 1]);
    expect(s.average).toBe(6.4);
    expect(averageLabel(s.average)).toBe('6.4');
  });

  it("shows '-' when nobody rated", () => {
    const s = ratingSummary([]);
    expect(s).toEqual({ count: 0, average: null, histogram: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] });
    expect(averageLabel(s.average)).toBe('-');
    expect(averageLabel(8)).toBe('8.0');
  });
});

describe('status buttons', () => {
  it('opens everything for a game with no status', () => {
    const b = statusButtons(NO_STATUS);
    expect(b.review.label).toBe('Write Review');
    expect(b.started).toEqual({ label: 'Mark as Started', disabled: false });
    expect(b.finished).toEqual({ label: 'Mark as Finished', disabled: false });
    expect(b.collection).toEqual({ label: 'Add to Collection', action: 'add', disabled: false });
    expect(b.wishlist).toEqual({ label: 'Add to Wishlist', disabled: false });
  });

  it('offers Move to Collection for a wishlisted game and shuts the wishlist for a collected one', () => {
    expect(statusButtons({ ...NO_STATUS, inWishlist: true }).collection).toEqual({
      label: 'Move to Collection',
      action: 'move',
      disabled: false,
    });
    expect(statusButtons({ ...NO_STATUS, inWishlist: true }).wishlist).toEqual({
      label: 'In Wishlist',
      disabled: false,
    });
    const collected = statusButtons({ ...NO_STATUS, inCollection: true });
    expect(collected.collection.action).toBe('remove');
    expect(collected.wishlist.disabled).toBe(true);
  });

  it('makes started irreversible and finished imply started; both block the lists', () => {
    const started = statusButtons({ ...NO_STATUS, started: true, reviewed: true });
    expect(started.review.label).toBe('Edit Review');
    expect(started.started).toEqual({ label: 'Started', disabled: true });
    expect(started.finished.disabled).toBe(false);
    expect(started.collection.disabled && started.wishlist.disabled && started.listsBlocked).toBe(true);
    const finished = statusButtons({ ...NO_STATUS, completed: true });
    expect(finished.started.disabled && finished.finished.disabled).toBe(true);
    expect(finished.finished.label).toBe('Finished');
  });

  it('finds stale list entries of a started or finished game', () => {
    expect(staleLists({ ...NO_STATUS, completed: true, inWishlist: true })).toEqual({
      wishlist: true,
      collection: false,
    });
    expect(staleLists({ ...NO_STATUS, inWishlist: true, inCollection: true })).toEqual({
      wishlist: false,
      collection: false,
    });
  });

  it("words failures as the spec's alerts", () => {
    expect(statusFailureMessage('started', 'Game must be added to database first')).toBe(
      'Failed to mark game as started: Game must be added to database first',
    );
    expect(statusFailureMessage('completed', '')).toBe('Failed to mark game as completed. Please try again.');
    expect(statusFailureMessage('wishlist', null)).toBe('Failed to update wishlist. Please try again.');
    expect(statusFailureMessage('move', 'x')).toBe('Failed to move to collection: x');
  });
});

describe('carousels', () => {
  it('keeps DLC-type entries with covers and clean names, oldest first, at most 20', () => {
    const games = [
      game(5, 'Blood and Wine', 2),
      game(4, 'Hearts of Stone', 2),
      game(6, 'Fan Patch', 1),
      game(7, 'Remastered', 9),
      game(8, 'No Cover Pack', 1, { cover_url: null }),
      game(1, 'The Game', 0),
      game(3, 'Bundle', 3),
      game(3, 'Bundle dup', 3),
    ];
    expect(dlcCarousel(games, 1).map((g) => g.name)).toEqual(['Bundle', 'Hearts of Stone', 'Blood and Wine']);
    const many = Array.from({ length: 25 }, (_, i) => game(100 + i, `Pack ${i}`, 1));
    expect(dlcCarousel(many, 1)).toHaveLength(DLC_LIMIT);
  });

  it('waives the cover rule when the catalogue carries no images at all', () => {
    const bare = [game(2, 'Episode One', 4, { cover_url: null }), game(3, 'Episode Two', 4, { cover_url: null })];
    expect(dlcCarousel(bare, 1).map((g) => g.igdb_id)).toEqual([2, 3]);
  });

  it('keeps mod-like entries, drops re-releases, newest first, 15 shown', () => {
    const games = [
      game(2, 'Black Mesa', 8),
      game(3, 'Brutal Mod', 5, { first_release_date: NOW - 86_400 }),
      game(9, 'Ancient Fan Mod', 5),
      game(4, 'Game of the Year Edition', 9),
      game(5, 'Blood and Wine', 2),
      game(6, 'Unknown thing', null),
      game(7, 'Definitive Cut', 2, { cover_url: null }),
    ];
    // Fan content protection (the helper check) drops mods older than it allows.
    expect(modsCarousel(games, 1, NOW).map((g) => g.name)).toEqual(['Brutal Mod', 'Unknown thing', 'Black Mesa']);
    const many = Array.from({ length: 30 }, (_, i) => game(100 + i, `Remix ${i}`, 8));
    expect(modsCarousel(many, 1, NOW)).toHaveLength(MODS_SHOWN);
  });

  it('shows arrows only above 6 items and enables them by scroll position', () => {
    expect(carouselHasArrows(6)).toBe(false);
    expect(carouselHasArrows(7)).toBe(true);
    expect(arrowState(0, 1000, 400)).toEqual({ prev: false, next: true });
    expect(arrowState(360, 1000, 400)).toEqual({ prev: true, next: true });
    expect(arrowState(600, 1000, 400)).toEqual({ prev: true, next: false });
  });
});

describe('image srcset', () => {
  it('offers 400, 800 and 1200 wide IGDB sizes for an IGDB image and nothing for other URLs', () => {
    expect(igdbSrcSet('//images.igdb.com/igdb/image/upload/t_cover_big/co1wyy.jpg')).toBe(
      'https://images.igdb.com/igdb/image/upload/t_cover_big_2x/co1wyy.jpg 400w, ' +
        'https://images.igdb.com/igdb/image/upload/t_720p/co1wyy.jpg 800w, ' +
        'https://images.igdb.com/igdb/image/upload/t_1080p/co1wyy.jpg 1200w',
    );
    expect(igdbSrcSet('https://example.com/cover.jpg')).toBeNull();
    expect(igdbSrcSet(null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  applyQuickFilter,
  averageRatingText,
  DEFAULT_DIRECTORY_PARAMS,
  DirectoryAnswerError,
  directoryOffset,
  directoryPageCount,
  directoryRange,
  directorySearch,
  displayName,
  FOLLOW_DATA_WARNING,
  isFollowing,
  joinedText,
  parseDirectoryParams,
  PRO_REVIEWERS_QUERY,
  quickFilterActive,
  readDirectoryAnswer,
  REVIEW_DATA_WARNING,
  shownFollowers,
  shownYouFollow,
  UNEXPECTED_LOAD_ERROR,
} from './directory.ts';

const parse = (search: string) => parseDirectoryParams(new URLSearchParams(search));

describe('directory address', () => {
  it('reads q, sort and page, and writes them back with defaults left out', () => {
    expect(parse('q=%20Retro%20&sort=followers&page=3')).toEqual({ q: 'Retro', sort: 'followers', page: 3 });
    expect(directorySearch({ q: 'Retro', sort: 'followers', page: 3 })).toBe('q=Retro&sort=followers&page=3');
    expect(directorySearch(DEFAULT_DIRECTORY_PARAMS)).toBe('');
    expect(directorySearch({ q: 'a b', sort: 'relevant', page: 1 })).toBe('q=a+b');
  });

  it('turns anything unreadable into the default instead of failing', () => {
    expect(parse('sort=loudest&page=-2')).toEqual(DEFAULT_DIRECTORY_PARAMS);
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=0').page).toBe(1);
    expect(parse('sort=RECENT').sort).toBe('recent');
    expect(parse(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
  });

  it('pages 20 at a time', () => {
    expect(directoryPageCount(0)).toBe(1);
    expect(directoryPageCount(20)).toBe(1);
    expect(directoryPageCount(21)).toBe(2);
    expect(directoryOffset(3)).toBe(40);
    expect(directoryRange(2, 7)).toEqual({ from: 21, to: 27 });
  });
});

describe('quick filters', () => {
  const base = { q: 'zelda', sort: 'relevant', page: 4 } as const;
  it('Pro Reviewers sets the search text, New Members and Most Popular set the sort, all from page 1', () => {
    expect(applyQuickFilter(base, 'pro')).toEqual({ q: PRO_REVIEWERS_QUERY, sort: 'relevant', page: 1 });
    expect(applyQuickFilter(base, 'new')).toEqual({ q: 'zelda', sort: 'recent', page: 1 });
    expect(applyQuickFilter(base, 'popular')).toEqual({ q: 'zelda', sort: 'followers', page: 1 });
  });
  it('is shown active when the address already does what it does', () => {
    expect(quickFilterActive({ q: 'Reviewer', sort: 'relevant', page: 1 }, 'pro')).toBe(true);
    expect(quickFilterActive(base, 'new')).toBe(false);
    expect(quickFilterActive({ ...base, sort: 'followers' }, 'popular')).toBe(true);
  });
});

const row = (over: Record<string, unknown> = {}) => ({
  id: 7,
  username: 'retro_ranger',
  name: 'Sam Rivera',
  display_name: null,
  bio: 'Cartridges',
  avatar_url: null,
  created_at: '2025-03-14T10:00:00Z',
  follower_count: 3,
  following_count: 1,
  review_count: 4,
  avg_rating: 7.25,
  is_following: false,
  ...over,
});
const answer = (over: Record<string, unknown> = {}) => ({
  users: [row()],
  total: 41,
  stats: { total_users: 42, active_reviewers: 6, total_reviews: 30, you_follow: 2 },
  top_reviewers: [
    {
      id: 1,
      username: 'a',
      name: null,
      display_name: null,
      avatar_url: null,
      follower_count: 9,
      review_count: 12,
      avg_rating: 8,
    },
    {
      id: 2,
      username: 'b',
      name: null,
      display_name: null,
      avatar_url: null,
      follower_count: 2,
      review_count: 9,
      avg_rating: null,
    },
    {
      id: 3,
      username: 'c',
      name: null,
      display_name: null,
      avatar_url: null,
      follower_count: 1,
      review_count: 5,
      avg_rating: 6.5,
    },
    {
      id: 4,
      username: 'd',
      name: null,
      display_name: null,
      avatar_url: null,
      follower_count: 1,
      review_count: 1,
      avg_rating: 6.5,
    },
  ],
  ...over,
});

describe('readDirectoryAnswer', () => {
  it('reads a full answer without warnings, keeping at most 3 top reviewers', () => {
    const read = readDirectoryAnswer(answer());
    expect(read.warnings).toEqual([]);
    expect(read.total).toBe(41);
    expect(read.stats).toEqual({ total_users: 42, active_reviewers: 6, total_reviews: 30, you_follow: 2 });
    expect(read.users[0]).toMatchObject({
      id: 7,
      username: 'retro_ranger',
      review_count: 4,
      avg_rating: 7.3,
      is_following: false,
    });
    expect(read.top_reviewers.map((r) => r.username)).toEqual(['a', 'b', 'c']);
  });

  it('reads the numbers PostgREST may send as strings (bigint, numeric)', () => {
    const read = readDirectoryAnswer(
      answer({ users: [row({ id: '7', review_count: '4', avg_rating: '6.5', follower_count: '3' })], total: '41' }),
    );
    expect(read.users[0]).toMatchObject({ id: 7, review_count: 4, avg_rating: 6.5, follower_count: 3 });
    expect(read.total).toBe(41);
  });

  it('shows the list with the review warning when review data is unreadable', () => {
    const read = readDirectoryAnswer(
      answer({ users: [row({ review_count: undefined })], stats: { total_users: 5, you_follow: 0 } }),
    );
    expect(read.users[0]).toMatchObject({ review_count: null, avg_rating: null, follower_count: 3 });
    expect(read.stats).toMatchObject({ active_reviewers: null, total_reviews: null });
    expect(read.warnings).toEqual([REVIEW_DATA_WARNING]);
  });

  it('shows the list with the follow warning when follow data is unreadable', () => {
    const read = readDirectoryAnswer(answer({ users: [row({ is_following: 'maybe' })] }));
    expect(read.users[0]).toMatchObject({ follower_count: 0, is_following: false, review_count: 4 });
    expect(read.warnings).toEqual([FOLLOW_DATA_WARNING]);
  });

  it('refuses an answer without readable users with the unexpected-error message', () => {
    expect(() => readDirectoryAnswer(null)).toThrow(DirectoryAnswerError);
    expect(() => readDirectoryAnswer({ users: [{ id: 'x' }] })).toThrow(UNEXPECTED_LOAD_ERROR);
  });
});

describe('follows made on this device', () => {
  it('trusts the device once it has pulled, the server before that', () => {
    const followed = { id: 5, is_following: true };
    expect(isFollowing(followed, new Set(), false)).toBe(true);
    expect(isFollowing(followed, new Set(), true)).toBe(false);
    expect(isFollowing({ id: 5, is_following: false }, new Set([5]), true)).toBe(true);
  });

  it('moves the follower count by the change made since the answer', () => {
    expect(shownFollowers({ follower_count: 3, is_following: false }, true)).toBe(4);
    expect(shownFollowers({ follower_count: 3, is_following: true }, false)).toBe(2);
    expect(shownFollowers({ follower_count: 3, is_following: true }, true)).toBe(3);
    expect(shownFollowers({ follower_count: 0, is_following: true }, false)).toBe(0);
  });

  it('counts You Follow from the device once pulled', () => {
    expect(shownYouFollow(2, 3, true)).toBe(3);
    expect(shownYouFollow(2, 0, false)).toBe(2);
    expect(shownYouFollow(null, 0, false)).toBeNull();
  });
});

describe('display', () => {
  it('shows the average rating to one decimal', () => {
    expect(averageRatingText(7)).toBe('7.0');
    expect(averageRatingText(10)).toBe('10.0');
    expect(averageRatingText(null)).toBe('—');
  });
  it('says when a member joined, and nothing for a bad date', () => {
    expect(joinedText('2025-03-14T10:00:00Z')).toBe('Joined March 2025');
    expect(joinedText('not a date')).toBeNull();
    expect(joinedText(null)).toBeNull();
  });
  it('prefers the display name, then the name, then the username', () => {
    expect(displayName({ username: 'u', name: 'N', display_name: 'D' })).toBe('D');
    expect(displayName({ username: 'u', name: ' ', display_name: null })).toBe('u');
  });
});

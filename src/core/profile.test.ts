import { describe, expect, it } from 'vitest';
import { MutationError } from './mutations.ts';
import {
  displayName,
  excerpt,
  FOLLOW_TEXT,
  followErrorText,
  initialOf,
  joinedText,
  parseUserId,
  profileChanges,
  profileForm,
  safeWebsite,
  sortReviews,
  splitPlatforms,
} from './profile.ts';

describe('parseUserId', () => {
  it.each([
    ['7', 7],
    ['0042', 42],
    ['123456789012345', 123456789012345],
  ])('reads %j as %d', (param, id) => {
    expect(parseUserId(param)).toBe(id);
  });
  it.each([undefined, '', 'abc', '12abc', '-3', '1.5', '0', ' 7', '1e3', '1234567890123456'])('refuses %j', (param) => {
    expect(parseUserId(param)).toBeNull();
  });
});

describe('header texts', () => {
  it('says the join month and year', () => {
    expect(joinedText('2024-03-15T10:00:00Z')).toBe('Joined March 2024');
    expect(joinedText('not a date')).toBeNull();
  });

  it('names a member by display name, then name, then username', () => {
    expect(displayName({ username: 'maya', name: 'Maya O', display_name: 'MO' })).toBe('MO');
    expect(displayName({ username: 'maya', name: '  ', display_name: null })).toBe('maya');
    expect(displayName({ username: 'maya', name: 'Maya O' })).toBe('Maya O');
  });

  it('falls back to the first letter of the name for the avatar', () => {
    expect(initialOf('pixel_pilgrim')).toBe('P');
    expect(initialOf('  ')).toBe('?');
  });

  it('links only http and https websites, reading a bare domain as https', () => {
    expect(safeWebsite('example.com/me')).toEqual({ href: 'https://example.com/me', label: 'example.com/me' });
    expect(safeWebsite('http://www.example.com/')).toEqual({ href: 'http://www.example.com/', label: 'example.com' });
    expect(safeWebsite('javascript:alert(1)')).toBeNull();
    expect(safeWebsite('data:text/html,hi')).toBeNull();
    expect(safeWebsite('not a site')).toBeNull();
    expect(safeWebsite('   ')).toBeNull();
  });

  it('splits the platform list without blanks or repeats', () => {
    expect(splitPlatforms('PC, Switch,,pc , PS5 ')).toEqual(['PC', 'Switch', 'PS5']);
    expect(splitPlatforms(null)).toEqual([]);
  });
});

describe('reviews modal', () => {
  const reviews = [
    { id: 1, rating: 8, post_date_time: '2025-01-02T00:00:00Z' },
    { id: 2, rating: 10, post_date_time: '2025-01-01T00:00:00Z' },
    { id: 3, rating: 6.5, post_date_time: '2025-01-03T00:00:00Z' },
    { id: 4, rating: 8, post_date_time: '2025-01-04T00:00:00Z' },
  ];
  const ids = (sort: Parameters<typeof sortReviews>[1]) => sortReviews(reviews, sort).map((r) => r.id);

  it('sorts by Recent, Oldest, Highest and Lowest, ties newest first', () => {
    expect(ids('recent')).toEqual([4, 3, 1, 2]);
    expect(ids('oldest')).toEqual([2, 1, 3, 4]);
    expect(ids('highest')).toEqual([2, 4, 1, 3]);
    expect(ids('lowest')).toEqual([3, 4, 1, 2]);
  });

  it('cuts a long review to 150 characters at a word, and leaves a short one whole', () => {
    const long = `${'word '.repeat(40)}end`;
    const cut = excerpt(long);
    expect(cut.truncated).toBe(true);
    expect([...cut.text].length).toBeLessThanOrEqual(151);
    expect(cut.text.endsWith('word…')).toBe(true);
    expect(excerpt('  Short and sweet. ')).toEqual({ text: 'Short and sweet.', truncated: false });
    expect(excerpt('x'.repeat(150)).truncated).toBe(false);
    expect(excerpt('x'.repeat(151))).toEqual({ text: `${'x'.repeat(150)}…`, truncated: true });
  });
});

describe('profileChanges', () => {
  const saved = profileForm({
    username: 'maya',
    bio: 'Hi',
    avatar_url: null,
    location: 'Lisbon',
    website: null,
    platform: 'PC, Switch',
  });

  it('sends only what changed, clearing blanked fields and adding https to a bare domain', () => {
    const result = profileChanges(saved, {
      ...saved,
      bio: '  New bio ',
      location: ' ',
      website: 'maya.dev',
      platforms: ['PC', 'Switch'],
    });
    expect(result).toEqual({
      ok: true,
      changed: true,
      args: { bio: 'New bio', location: null, website: 'https://maya.dev' },
    });
  });

  it('says nothing changed when the form is as saved', () => {
    expect(profileChanges(saved, { ...saved, username: ' maya ' })).toEqual({ ok: true, changed: false, args: {} });
  });

  it('joins the chosen platforms into the comma list', () => {
    expect(profileChanges(saved, { ...saved, platforms: ['PS5'] })).toMatchObject({
      ok: true,
      args: { platform: 'PS5' },
    });
    expect(profileChanges(saved, { ...saved, platforms: [] })).toMatchObject({ ok: true, args: { platform: null } });
  });

  it('answers the spec messages per field', () => {
    expect(profileChanges(saved, { ...saved, username: 'ab', avatar_url: 'ftp://x.test/a.png' })).toEqual({
      ok: false,
      errors: {
        username: 'Username must be at least 3 characters',
        avatar_url: 'Please enter a valid URL (http or https)',
      },
    });
    expect(profileChanges(saved, { ...saved, username: 'bad name!' })).toEqual({
      ok: false,
      errors: { username: 'Username can only contain letters, numbers, and underscores' },
    });
    expect(profileChanges(saved, { ...saved, username: 'a'.repeat(31) })).toEqual({
      ok: false,
      errors: { username: 'Username must be less than 30 characters' },
    });
    expect(profileChanges(saved, { ...saved, bio: 'b'.repeat(501) })).toEqual({
      ok: false,
      errors: { bio: 'Bio must be at most 500 characters' },
    });
  });
});

describe('followErrorText', () => {
  it('tells why a follow failed in the spec words', () => {
    expect(followErrorText(new MutationError('self_follow', 'You cannot follow yourself'), true)).toBe(
      FOLLOW_TEXT.self,
    );
    expect(followErrorText(new MutationError('invalid_args', 'x'), true)).toBe(
      'Failed to follow user. Please try again.',
    );
    expect(followErrorText(new MutationError('invalid_args', 'x'), false)).toBe(
      'Failed to unfollow user. Please try again.',
    );
    expect(followErrorText(new Error('boom'), true)).toBe('An unexpected error occurred');
    expect(followErrorText('odd', true)).toBe('Failed to update follow status');
  });
});

import { describe, expect, it } from 'vitest';
import { readDirectoryAnswer, type DirectoryParams } from '../core/directory.ts';
import { memoryStorage } from '../../tests/support/memory-storage.ts';
import { browserDirectoryCache, DIRECTORY_CACHE_KEPT } from './directory-cache.ts';

const answer = (username: string) =>
  readDirectoryAnswer({
    users: [
      {
        id: 1,
        username,
        name: null,
        display_name: null,
        bio: null,
        avatar_url: null,
        created_at: null,
        follower_count: 0,
        following_count: 0,
        review_count: 2,
        avg_rating: 8,
        is_following: false,
      },
    ],
    total: 1,
    stats: { total_users: 2, active_reviewers: 1, total_reviews: 2, you_follow: 0 },
    top_reviewers: [],
  });
const at = (over: Partial<DirectoryParams> = {}): DirectoryParams => ({ q: '', sort: 'relevant', page: 1, ...over });

describe('directory cache', () => {
  it('gives back the answer saved for an address, per member', () => {
    const cache = browserDirectoryCache(memoryStorage());
    cache.save(5, at({ sort: 'followers' }), answer('a'), 1000);
    expect(cache.get(5, at({ sort: 'followers' }))).toMatchObject({ savedAt: 1000, search: 'sort=followers' });
    expect(cache.get(5, at({ sort: 'followers' }))?.answer.users[0]?.username).toBe('a');
    expect(cache.get(null, at({ sort: 'followers' }))).toBeNull();
    expect(cache.get(5, at())).toBeNull();
  });

  it('offers the newest whole directory (no search) for any other sort or page', () => {
    const cache = browserDirectoryCache(memoryStorage());
    cache.save(5, at({ page: 2 }), answer('older'), 1000);
    cache.save(5, at({ q: 'retro' }), answer('search'), 2000);
    cache.save(5, at({ sort: 'recent' }), answer('newest'), 3000);
    expect(cache.latestDirectory(5)?.answer.users[0]?.username).toBe('newest');
  });

  it(`keeps the newest ${DIRECTORY_CACHE_KEPT} answers, a repeat replacing its older copy`, () => {
    const cache = browserDirectoryCache(memoryStorage());
    for (let page = 1; page <= DIRECTORY_CACHE_KEPT + 2; page += 1)
      cache.save(5, at({ page }), answer(`p${page}`), page);
    cache.save(5, at({ page: 5 }), answer('again'), 99);
    expect(cache.get(5, at({ page: 1 }))).toBeNull();
    expect(cache.get(5, at({ page: 2 }))).toBeNull();
    expect(cache.get(5, at({ page: 5 }))?.answer.users[0]?.username).toBe('again');
    expect(cache.get(5, at({ page: DIRECTORY_CACHE_KEPT + 2 }))).not.toBeNull();
  });

  it('does not fail when storage is full or holds something unreadable', () => {
    const full = browserDirectoryCache(memoryStorage(true));
    expect(() => full.save(5, at(), answer('a'))).not.toThrow();
    expect(full.get(5, at())).toBeNull();
    const storage = memoryStorage();
    storage.setItem('checkpoint.directory-cache', '{not json');
    expect(browserDirectoryCache(storage).latestDirectory(5)).toBeNull();
  });
});

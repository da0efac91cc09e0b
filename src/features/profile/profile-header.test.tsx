// One's own profile while the library is still on its way to the device (sync/SPEC.md [S16]): the
// header shows no counts, which would be partial, and says why; once it is all there, the counts.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import type { ProfileData } from '../../data/repos/profile.ts';
import { ProfileHeader } from './profile-header.tsx';

const own: ProfileData = {
  user: {
    id: 7,
    provider_id: 'p7',
    username: 'mira',
    created_at: '2026-03-14T10:00:00Z',
    follower_count: 2,
    following_count: 3,
  },
  viewer: 7,
  is_self: true,
  is_following: false,
  stats: { games: 10, reviews: 4, lists: 6, following: 3, followers: 2 },
};

const nothing = () => undefined;

const header = (partial: boolean) =>
  renderToStaticMarkup(
    <ProfileHeader
      data={own}
      settled
      partial={partial}
      onOpen={nothing}
      onEdit={nothing}
      onExport={nothing}
      onImport={nothing}
    />,
  );

/** The stats as a reader hears them: each item's text. */
function stats(html: string): string[] {
  const list = /<ul class="profile-stats"[^>]*>(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map(([, item]) => (item ?? '').replace(/<[^>]+>/g, ''));
}

it('[S16] shows no partial counts on one’s own profile while the library is still downloading', () => {
  const html = header(true);
  expect(stats(html)).toEqual([
    '… still downloading Games',
    '… still downloading Reviews',
    '… still downloading Lists',
    '… still downloading Following',
    '… still downloading Followers',
  ]);
  expect(html).toContain('aria-busy="true"');
});

it('[S16] shows the counts once the whole library is on the device', () => {
  const html = header(false);
  expect(stats(html)).toEqual(['10 Games', '4 Reviews', '6 Lists', '3 Following', '2 Followers']);
  expect(html).not.toContain('aria-busy');
});

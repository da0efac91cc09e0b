import { expect, it } from 'vitest';
import { isAppRoute } from './navigation.ts';

it('answers app routes with the shell', () => {
  const routes = [
    '/',
    '/game/the-witcher-3-wild-hunt',
    '/user/5',
    '/search?q=zelda',
    '/game/dr.-mario',
    '/game/s.t.a.l.k.e.r.',
    '/auth/callback',
    '/reset-password',
    '/restaurant-empire',
  ];
  for (const path of routes) {
    expect(isAppRoute(path), path).toBe(true);
  }
});

it("leaves the backend's paths and files to the network", () => {
  const paths = [
    '/auth/v1/user',
    '/auth/v1/verify?token=x',
    '/rest/v1/rpc/sync_pull',
    '/functions/v1/igdb-search',
    '/.netlify/functions/igdb-search',
    '/_dev/config.json',
    '/_dev/mailbox',
    '/robots.txt',
    '/assets/index-abc.js',
    '/icon-192.png?v=2',
    '/rest',
  ];
  for (const path of paths) {
    expect(isAppRoute(path), path).toBe(false);
  }
});

import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { gamePageRead, scopeSnapshotRead } from '../data/first-read.ts';
import { firstScreen, firstScreenCode, firstScreenRead, SCREEN_CODE, type ScreenPath } from './screens.ts';

const routes = [{ path: '/', children: [{ index: true }, ...Object.keys(SCREEN_CODE).map((path) => ({ path }))] }];

// The router's choice for an address: the screen path of its deepest match (null: the home page).
function routerChoice(pathname: string): ScreenPath | null {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route as { path?: string } | undefined;
  return (leaf?.path as ScreenPath | undefined) ?? null;
}

// The parameters the router hands the screen for an address.
const routerParams = (pathname: string) => ({ ...matchRoutes(routes, pathname)?.at(-1)?.params });

const ADDRESSES = [
  '/',
  '/search',
  '/search/',
  '/search-results',
  '/enhanced-search-test',
  '/game/the-witcher-3-wild-hunt',
  '/game/1942',
  '/users',
  '/user',
  '/user/',
  '/user/7',
  '/profile',
  '/settings',
  '/review',
  '/review/12',
  '/review/3/12',
  '/reset-password',
  '/auth/callback',
  '/debug-auth',
  '/faq',
  '/contact',
  '/terms',
  '/privacy',
  // The router matches static segments in any case.
  '/Game/Hades',
  '/SEARCH',
  '/User/7',
  '/Review/3/12',
  // No screen claims these but the not-found one.
  '/nope',
  '/game',
  '/game/a/b',
  '/user/7/extra',
  '/review/1/2/3',
  '/auth',
  '/auth/callback/x',
  '/search/more',
];

describe('firstScreenCode', () => {
  it.each(ADDRESSES)('chooses the screen React Router chooses for %s', (address) => {
    const chosen = routerChoice(address);
    const expected = chosen === null || chosen === '*' ? null : SCREEN_CODE[chosen];
    expect(firstScreenCode(address)).toBe(expected);
  });

  it('asks for nothing on the home page and for an address no screen claims', () => {
    expect(firstScreenCode('/')).toBeNull();
    expect(firstScreenCode('/no/such/page')).toBeNull();
  });

  it('asks for the game page on a game address, the profile on a member address', () => {
    expect(firstScreenCode('/game/hades')).toBe(SCREEN_CODE['game/:identifier']);
    expect(firstScreenCode('/user/12')).toBe(SCREEN_CODE['user/:id']);
    expect(firstScreenCode('/review/4/9')).toBe(SCREEN_CODE['review/:userId/:gameId']);
    expect(firstScreenCode('/review/9')).toBe(SCREEN_CODE['review/:gameId?']);
  });
});

describe('firstScreen', () => {
  const claimed = ADDRESSES.filter((address) => !['*', null].includes(routerChoice(address)));
  it.each([...claimed, '/game/the%20witcher', '/game/%E2%9C%93-done', '/game/100%', '/user/%31%32'])(
    'hands %s the parameters React Router hands the screen',
    (address) => {
      const { '*': _, ...params } = routerParams(address);
      expect(firstScreen(address)?.params).toEqual(params);
    },
  );
});

describe('firstScreenRead', () => {
  it('is the game page read for a game address, with the identifier the screen reads', () => {
    expect(firstScreenRead('/game/the-witcher-3-wild-hunt')).toEqual(gamePageRead('the-witcher-3-wild-hunt'));
    expect(firstScreenRead('/Game/1942')).toEqual(gamePageRead('1942'));
    expect(firstScreenRead('/game/%20hades%20')).toEqual(gamePageRead('hades'));
  });

  it('is none for an identifier that cannot name a game (the screen shows its error without asking)', () => {
    for (const address of ['/game/the%20witcher', '/game/%3Cscript%3E', '/game/-hades', `/game/${'a'.repeat(201)}`])
      expect(firstScreenRead(address)).toBeNull();
  });

  it("is the member's read-through for a profile address with a member's number, none for another", () => {
    expect(firstScreenRead('/user/12')).toEqual(scopeSnapshotRead({ user_ids: [12] }));
    expect(firstScreenRead('/User/%31%32')).toEqual(scopeSnapshotRead({ user_ids: [12] }));
    for (const address of ['/user/abc', '/user/0', '/user/-3', '/user/12.5', '/user/9999999999999999'])
      expect(firstScreenRead(address)).toBeNull();
  });

  it('is none for screens that do not open with one read, nor for the home page or an unknown address', () => {
    for (const address of ['/', '/user', '/search', '/users', '/faq', '/review/3', '/nope', '/game/a/b'])
      expect(firstScreenRead(address)).toBeNull();
  });
});

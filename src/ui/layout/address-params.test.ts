// Changes to the address made before the page renders the last one build on it (address-params.ts).
import { describe, expect, it } from 'vitest';
import { addressChain, changeChain } from './address-params.ts';

const set = (name: string, value: string) => (params: URLSearchParams) => {
  params.set(name, value);
  return params;
};

describe('addressChain', () => {
  it('starts a change from the address written last while the page still shows the one before', () => {
    const chain = addressChain();
    const shown = new URLSearchParams('tab=library&q=starfall');
    expect(chain(shown, set('year', '2001')).toString()).toBe('tab=library&q=starfall&year=2001');
    // The page has not rendered the year yet: the sort keeps it.
    expect(chain(shown, set('sort', 'name')).toString()).toBe('tab=library&q=starfall&year=2001&sort=name');
    expect(chain(shown, set('status', 'wishlist')).toString()).toBe(
      'tab=library&q=starfall&year=2001&sort=name&status=wishlist',
    );
  });

  it('starts from the address on show once the page has rendered it, or moved elsewhere', () => {
    const chain = addressChain();
    chain(new URLSearchParams('q=a'), set('year', '2001'));
    expect(chain(new URLSearchParams('q=a&year=2001'), set('sort', 'name')).toString()).toBe('q=a&year=2001&sort=name');
    // Another address came (a link, Back): the change starts from it, not from what was written.
    expect(chain(new URLSearchParams('tab=journal'), set('q', 'b')).toString()).toBe('tab=journal&q=b');
  });

  it('does not change the params it is given', () => {
    const chain = addressChain();
    const shown = new URLSearchParams('q=a');
    chain(shown, set('q', 'b'));
    expect(shown.toString()).toBe('q=a');
  });
});

describe('changeChain', () => {
  interface Browse {
    readonly year: number | null;
    readonly platforms: readonly number[];
  }
  const none: Browse = { year: null, platforms: [] };

  it("builds each change of a page's parsed params on the last one written until the page shows it", () => {
    const chain = changeChain<Browse>();
    const year = chain('', none, (p) => ({ ...p, year: 2017 }));
    expect(year).toEqual({ year: 2017, platforms: [] });
    // Still on show: '' and none. The platform keeps the year.
    expect(chain('', none, (p) => ({ ...p, platforms: [130] }))).toEqual({ year: 2017, platforms: [130] });
    // The page has rendered the year and the platform: the next change starts from what it shows.
    const shown: Browse = { year: 2017, platforms: [130] };
    expect(chain('?platform=130&year=2017', shown, (p) => ({ ...p, year: null }))).toEqual({
      year: null,
      platforms: [130],
    });
    // Back to another address: it starts from that one.
    expect(chain('?year=1998', { year: 1998, platforms: [] }, (p) => ({ ...p, platforms: [4] }))).toEqual({
      year: 1998,
      platforms: [4],
    });
  });
});

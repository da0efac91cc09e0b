// Changes to the address made before the page renders the last one build on it (address-params.ts).
import { describe, expect, it } from 'vitest';
import { addressChain } from './address-params.ts';

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

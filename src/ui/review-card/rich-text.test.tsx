// The review page's and the modal's text (rich-text.tsx through SpoilerText): the XSS corpus
// renders as text; only the allowed tags become elements, with no attributes. React's own
// markup, so what is checked is exactly what the browser would be given.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RICH_TAGS } from '../../core/reviews/rich-text.ts';
import { SpoilerText } from './spoiler.tsx';

const CORPUS = [
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle/></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<b onmouseover="alert(1)">hover</b>',
  '<script>alert(1)</script>',
  '<<script>script>alert(1)<</script>/script>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '"><img src=x onerror=alert(1)>',
  '</p><iframe src="https://evil"></iframe><p>',
  '<b>ok</b><style>.spoiler{filter:none}</style>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
];
const ALLOWED = new Set<string>([...RICH_TAGS, 'span']);

/** Every element in the markup: its name and its attributes as written. */
const elements = (html: string) =>
  [...html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)].map((m) => ({ tag: m[1] ?? '', attrs: (m[2] ?? '').trim() }));

describe('rich review text', () => {
  it.each(CORPUS)('renders %s as text, in and out of a spoiler', (vector) => {
    for (const text of [vector, `Before ||twist ${vector} end|| after`]) {
      const html = renderToStaticMarkup(<SpoilerText text={text} rich />);
      for (const { tag, attrs } of elements(html)) {
        expect(ALLOWED.has(tag), `${tag} in ${html}`).toBe(true);
        if (tag !== 'span') expect(attrs, html).toBe('');
      }
      expect(html).not.toMatch(/<[^>]*\son\w+=/i);
    }
  });

  it('shows "2 > 1 <tag>" as typed and the allowed tags as formatting', () => {
    expect(renderToStaticMarkup(<SpoilerText text={'2 > 1 <tag> <b>bold</b> & <i>it</i>'} rich />)).toBe(
      '<span>2 &gt; 1 &lt;tag&gt; <b>bold</b> &amp; <i>it</i></span>',
    );
  });

  it('stays plain text without rich (comments)', () => {
    expect(renderToStaticMarkup(<SpoilerText text="<b>bold</b>" />)).toBe('<span>&lt;b&gt;bold&lt;/b&gt;</span>');
  });
});

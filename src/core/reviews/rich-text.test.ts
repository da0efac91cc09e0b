import { describe, expect, it } from 'vitest';
import { parseRichText, richPlainText, RICH_TAGS } from './rich-text.ts';

describe('parseRichText', () => {
  it('keeps text that is not markup as typed', () => {
    for (const text of [
      '2 > 1 <tag>',
      'Tom & Jerry "5 < 6" <3',
      '&lt;b&gt;x&lt;/b&gt;',
      '<b class="x">hi</b>',
      '<script>alert(1)</script>',
      'a <b>b',
      'c</i> d',
      '<b/>',
    ]) {
      expect(parseRichText(text), text).toEqual([text]);
    }
    expect(parseRichText('')).toEqual([]);
  });

  it('reads every allowed tag, closed and nested, as formatting', () => {
    expect(parseRichText('2 > 1 <b>bold <i>both</i></b><br>next<br/>')).toEqual([
      '2 > 1 ',
      { tag: 'b', children: ['bold ', { tag: 'i', children: ['both'] }] },
      { tag: 'br', children: [] },
      'next',
      { tag: 'br', children: [] },
    ]);
    for (const tag of RICH_TAGS.filter((t) => t !== 'br')) {
      expect(parseRichText(`<${tag}>x</${tag.toUpperCase()}>`), tag).toEqual([{ tag, children: ['x'] }]);
    }
  });

  it('leaves unpaired and crossed tags as text, around the pairs that hold', () => {
    expect(parseRichText('<b><i>x</b></i>')).toEqual([{ tag: 'b', children: ['<i>x'] }, '</i>']);
    expect(parseRichText('<ul><li>one<li>two</li></ul>')).toEqual([
      { tag: 'ul', children: ['<li>one', { tag: 'li', children: ['two'] }] },
    ]);
    expect(parseRichText('</p><p>a')).toEqual(['</p><p>a']);
  });

  it('gives the text a reader sees', () => {
    expect(richPlainText(parseRichText('<p>a <b>b</b></p>c<br>d <tag>'))).toBe('a bc\nd <tag>');
  });
});

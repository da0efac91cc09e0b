// The sanitiser needs a real DOM (DOMPurify parses HTML as a browser does), and the unit project
// runs in Node, so this bundles sanitize.ts with Vite and runs it in Chromium. In Node itself the
// module must fail closed (no tags survive), which the last tests check.
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../tests/e2e/browser.ts';
import * as node from './sanitize.ts';
import { parseSpoilers } from '../../core/spoiler.ts';

type SanitizeModule = typeof node;
declare global {
  interface Window { Sanitize?: SanitizeModule }
}

let browser: Browser;
let page: Page;

async function bundle(): Promise<string> {
  const entry = fileURLToPath(new URL('./sanitize.ts', import.meta.url));
  const result = await build({
    configFile: false, logLevel: 'silent',
    build: { write: false, minify: false, lib: { entry, formats: ['iife'], name: 'Sanitize' } },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if ('output' in output) {
      const chunk = output.output.find((o) => o.type === 'chunk');
      if (chunk && 'code' in chunk) return chunk.code;
    }
  }
  throw new Error('no bundle');
}

beforeAll(async () => {
  const code = await bundle();
  browser = await launchChromium();
  page = await browser.newPage();
  await page.setContent('<!doctype html><title>sanitize</title>');
  await page.addScriptTag({ content: code });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

const run = (fn: 'sanitizeHtml' | 'sanitizeReviewText' | 'sanitizeStrict' | 'sanitizeBasic' | 'sanitizeUrl', input: string): Promise<string> =>
  page.evaluate(([f, text]) => {
    const mod = window.Sanitize;
    if (!mod) throw new Error('bundle not loaded');
    return (mod[f] as (s: string) => string)(text);
  }, [fn, input] as const);

describe('rich profile (review text)', () => {
  it('keeps every allowed tag and drops their attributes', async () => {
    const input = '<p class="x" style="color:red">A <b id="y">bold</b> <i>i</i> <em>em</em> <strong>s</strong> <u>u</u> <s>s</s><br></p>'
      + '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><code>c</code><pre>p</pre><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>';
    await expect(run('sanitizeHtml', input)).resolves.toBe(
      '<p>A <b>bold</b> <i>i</i> <em>em</em> <strong>s</strong> <u>u</u> <s>s</s><br></p>'
      + '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><code>c</code><pre>p</pre><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>');
  });

  it('removes script, style, iframe, object, embed and form, and script and style content', async () => {
    const out = await run('sanitizeReviewText', 'Great<script>alert(1)</script><style>body{}</style><iframe src="https://evil"></iframe>'
      + '<object data="x"></object><embed src="x"><form action="/steal"><input name="p"></form> game');
    expect(out).toBe('Great game');
  });

  it('neutralises the classic XSS vectors', async () => {
    const vectors = [
      '<img src=x onerror=alert(1)>',
      '<svg onload=alert(1)><circle/></svg>',
      '<a href="javascript:alert(1)">click</a>',
      '<b onmouseover="alert(1)">hover</b>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<<script>script>alert(1)<</script>/script>',
      '<h1>Title</h1><h2>Sub</h2><div>div</div><span>span</span>',
    ];
    for (const vector of vectors) {
      const out = await run('sanitizeReviewText', vector);
      expect(out, vector).not.toMatch(/<(?!\/?(b|i|em|strong|u|s|br|p|ul|ol|li|blockquote|code|pre|h[3-6])>)[a-z!/?]/i);
      expect(out, vector).not.toMatch(/<[^>]*\bon\w+\s*=/i);
      // What is left, put back into a page, has no element but the allowed ones and no attribute.
      const parsed = await page.evaluate((html) => {
        const host = document.createElement('div');
        host.innerHTML = html;
        return Array.from(host.querySelectorAll('*')).map((e) => `${e.tagName.toLowerCase()}:${e.attributes.length}`);
      }, out);
      for (const element of parsed) expect(element, vector).toMatch(/^(b|i|em|strong|u|s|br|p|ul|ol|li|blockquote|code|pre|h[3-6]):0$/);
    }
  });

  it('keeps plain text as typed: ampersands, quotes and a lone "<" are not turned into entities', async () => {
    await expect(run('sanitizeReviewText', '  Tom & Jerry said "5 < 6" and it\'s true <3  ')).resolves.toBe('Tom & Jerry said "5 < 6" and it\'s true <3');
  });

  it('escapes a "<" that would open a tag once the text is read as HTML', async () => {
    const out = await run('sanitizeReviewText', '&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toBe('&lt;script>alert(1)&lt;/script>');
    const text = await page.evaluate((html) => { const d = document.createElement('div'); d.innerHTML = html; return { text: d.textContent, elements: d.children.length }; }, out);
    expect(text).toEqual({ text: '<script>alert(1)</script>', elements: 0 });
  });
});

describe('spoilers (issue 14): the markers survive, hostile markup inside them does not', () => {
  it('keeps ||…|| as typed, and the spoiler still parses after saving', async () => {
    const out = await run('sanitizeReviewText', 'Loved it. ||The butler did it.|| Really.');
    expect(out).toBe('Loved it. ||The butler did it.|| Really.');
    expect(parseSpoilers(out)).toContainEqual({ kind: 'spoiler', text: 'The butler did it.' });
  });

  it('strips every XSS vector placed inside a spoiler, and what is left stays a plain-text spoiler', async () => {
    const vectors = [
      '<img src=x onerror=alert(1)>',
      '<script>alert(1)</script>',
      '<svg onload=alert(1)><circle/></svg>',
      '<a href="javascript:alert(1)">click</a>',
      '<b onmouseover="alert(1)">hover</b>',
      '</p><iframe src="https://evil"></iframe><p>',
      '<style>.spoiler{filter:none}</style>',
      '"><img src=x onerror=alert(1)>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    ];
    for (const vector of vectors) {
      const input = `Before ||twist ${vector} end|| after`;
      const out = await run('sanitizeReviewText', input);
      expect(out, vector).not.toMatch(/<[^>]*\bon\w+\s*=/i);
      expect(out, vector).not.toMatch(/<(img|svg|script|iframe|style|a|noscript)\b/i);
      const spoilers = parseSpoilers(out).filter((segment) => segment.kind === 'spoiler');
      expect(spoilers, `${vector} → ${out}`).toHaveLength(1);
      // Whatever the markup took with it, it took it from inside the spoiler only.
      expect(spoilers[0]?.text, vector).toMatch(/^twist /);
      expect(out.endsWith(' after'), vector).toBe(true);
      // Put into a page as HTML (which the app never does: it renders text), still nothing runs.
      const elements = await page.evaluate((html) => {
        const host = document.createElement('div');
        host.innerHTML = html;
        return Array.from(host.querySelectorAll('*')).map((e) => `${e.tagName.toLowerCase()}:${e.attributes.length}`);
      }, out);
      for (const element of elements) expect(element, vector).toMatch(/^(b|i|em|strong|u|s|br|p|ul|ol|li|blockquote|code|pre|h[3-6]):0$/);
    }
  });

  it('a spoiler made of markup alone leaves nothing to hide: the markers stay literal', async () => {
    const out = await run('sanitizeReviewText', '||<img src=x onerror=alert(1)>||');
    expect(out).toBe('||||');
    expect(parseSpoilers(out)).toEqual([{ kind: 'text', text: '||||' }]);
  });
});

describe('other profiles', () => {
  it('basic keeps only b, i, em, strong, br, p', async () => {
    await expect(run('sanitizeBasic', '<p><b>b</b><u>u</u><code>c</code><br></p><h3>h</h3><ul><li>x</li></ul>')).resolves.toBe('<p><b>b</b>uc<br></p>hx');
  });

  it('strict keeps the text only', async () => {
    await expect(run('sanitizeStrict', '<p>Hello <b>there</b> & <script>bad()</script>you</p>')).resolves.toBe('Hello there & you');
  });

  it('url allows http, https and mailto only', async () => {
    await expect(run('sanitizeUrl', 'https://example.com/a?b=1')).resolves.toBe('https://example.com/a?b=1');
    await expect(run('sanitizeUrl', 'http://example.com')).resolves.toBe('http://example.com');
    await expect(run('sanitizeUrl', 'mailto:me@example.com')).resolves.toBe('mailto:me@example.com');
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:x', 'ftp://x', '/relative', '']) {
      await expect(run('sanitizeUrl', bad), bad).resolves.toBe('');
    }
  });
});

describe('without a DOM (Node)', () => {
  it('fails closed: no tag survives and script content is dropped', () => {
    expect(node.sanitizeReviewText('<b>hi</b><script>alert(1)</script> <img src=x onerror=alert(1)> there')).toBe('hi  there');
    expect(node.sanitizeHtml('<iframe src="x"></iframe>ok')).toBe('ok');
  });

  it('checks urls the same way', () => {
    expect(node.sanitizeUrl('https://ok.example')).toBe('https://ok.example');
    expect(node.sanitizeUrl('javascript:alert(1)')).toBe('');
  });
});

// The sanitiser needs a real DOM (DOMPurify parses HTML as a browser does), and the unit project
// runs in Node, so this bundles sanitize.ts with Vite and runs it in Chromium. In Node itself the
// module must fail closed (no tags survive), which the last tests check.
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../tests/e2e/browser.ts';
import * as node from './sanitize.ts';

type SanitizeModule = typeof node;
declare global {
  interface Window {
    Sanitize?: SanitizeModule;
  }
}

let browser: Browser;
let page: Page;

async function bundle(): Promise<string> {
  const entry = fileURLToPath(new URL('./sanitize.ts', import.meta.url));
  const result = await build({
    configFile: false,
    logLevel: 'silent',
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

const run = (fn: 'sanitizeHtml' | 'sanitizeStrict' | 'sanitizeBasic' | 'sanitizeUrl', input: string): Promise<string> =>
  page.evaluate(
    ([f, text]) => {
      const mod = window.Sanitize;
      if (!mod) throw new Error('bundle not loaded');
      return (mod[f] as (s: string) => string)(text);
    },
    [fn, input] as const,
  );

describe('rich profile (review text)', () => {
  it('keeps every allowed tag and drops their attributes', async () => {
    const input =
      '<p class="x" style="color:red">A <b id="y">bold</b> <i>i</i> <em>em</em> <strong>s</strong> <u>u</u> <s>s</s><br></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><code>c</code><pre>p</pre><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>';
    await expect(run('sanitizeHtml', input)).resolves.toBe(
      '<p>A <b>bold</b> <i>i</i> <em>em</em> <strong>s</strong> <u>u</u> <s>s</s><br></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><code>c</code><pre>p</pre><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>',
    );
  });
});

describe('other profiles', () => {
  it('basic keeps only b, i, em, strong, br, p', async () => {
    await expect(
      run('sanitizeBasic', '<p><b>b</b><u>u</u><code>c</code><br></p><h3>h</h3><ul><li>x</li></ul>'),
    ).resolves.toBe('<p><b>b</b>uc<br></p>hx');
  });

  it('strict keeps the text only', async () => {
    await expect(run('sanitizeStrict', '<p>Hello <b>there</b> & <script>bad()</script>you</p>')).resolves.toBe(
      'Hello there & you',
    );
  });

  it('url allows http, https and mailto only', async () => {
    await expect(run('sanitizeUrl', 'https://example.com/a?b=1')).resolves.toBe('https://example.com/a?b=1');
    await expect(run('sanitizeUrl', 'http://example.com')).resolves.toBe('http://example.com');
    await expect(run('sanitizeUrl', 'mailto:me@example.com')).resolves.toBe('mailto:me@example.com');
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>1</script>',
      'vbscript:x',
      'ftp://x',
      '/relative',
      '',
    ]) {
      await expect(run('sanitizeUrl', bad), bad).resolves.toBe('');
    }
  });
});

describe('without a DOM (Node)', () => {
  it('fails closed: no tag survives and script content is dropped', () => {
    expect(node.sanitizeHtml('<iframe src="x"></iframe>ok')).toBe('ok');
  });

  it('checks urls the same way', () => {
    expect(node.sanitizeUrl('https://ok.example')).toBe('https://ok.example');
    expect(node.sanitizeUrl('javascript:alert(1)')).toBe('');
  });
});

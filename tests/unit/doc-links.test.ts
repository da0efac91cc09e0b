// Every relative link in the README and docs/ leads somewhere: to a file or folder of the
// repository and, for a #anchor, to a heading of its target. The probes prove the check fails on
// each kind of broken link.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, documentationFiles, headingAnchor } from '../support/doc-links.ts';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** A throwaway repository holding the given files. */
function probe(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'cp-doc-links-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the links of the README and docs/', () => {
  it('covers the README and every page under docs/', () => {
    const files = documentationFiles(REPO_ROOT);
    expect(files).toContain('README.md');
    expect(files).toContain('docs/contributing.md');
  });

  it('all resolve, anchors included', () => {
    expect(brokenLinks(REPO_ROOT, documentationFiles(REPO_ROOT))).toEqual([]);
  });
});

describe('the link check', () => {
  it('makes anchors as GitHub does', () => {
    expect(headingAnchor('Export file format, version 1')).toBe('export-file-format-version-1');
    expect(headingAnchor('What the `sync_push` call does')).toBe('what-the-sync_push-call-does');
    expect(headingAnchor('[Caddy](https://caddyserver.com) & HTTPS')).toBe('caddy--https');
    expect([...anchorsOf('# Notes\n## Notes\n```\n# not a heading\n```\n<a id="here"></a>')]).toEqual([
      'notes',
      'notes-1',
      'here',
    ]);
  });

  it('passes a probe whose links all resolve', () => {
    const root = probe({
      'README.md':
        '[docs](docs/a.md) [b](docs/a.md#second-part) [self](#top) [dir](docs/) [web](https://x.org/y)\n# Top\n',
      'docs/a.md':
        '# A\n## Second part\n[back](../README.md#top) `[code](nowhere.md)`\n```\n[fenced](nowhere.md)\n```\n',
    });
    expect(brokenLinks(root, documentationFiles(root))).toEqual([]);
  });

  it('fails a probe with a missing file, a missing anchor and a link out of the repository', () => {
    const root = probe({
      'README.md': '# Top\nSee [gone](docs/gone.md).\n[ref]: docs/also-gone.md\n',
      'docs/a.md': '# A\n[bad anchor](../README.md#bottom) [self](#nope) [out](../../elsewhere.md)\n',
    });
    expect(brokenLinks(root, documentationFiles(root))).toEqual([
      { file: 'README.md', line: 2, target: 'docs/gone.md', reason: 'no such file or folder' },
      { file: 'README.md', line: 3, target: 'docs/also-gone.md', reason: 'no such file or folder' },
      { file: 'docs/a.md', line: 2, target: '../README.md#bottom', reason: 'no heading for #bottom in README.md' },
      { file: 'docs/a.md', line: 2, target: '#nope', reason: 'no heading for #nope in docs/a.md' },
      { file: 'docs/a.md', line: 2, target: '../../elsewhere.md', reason: 'points outside the repository' },
    ]);
  });
});

// Checks the relative links of Markdown files: each must name a file or folder that exists and, for
// a `#anchor`, a heading of the target (GitHub's anchor for it) or an HTML id in it. The README and
// docs/ are a map of the repository; a link that leads nowhere is a wrong turn for a newcomer.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export interface BrokenLink {
  file: string;
  line: number;
  target: string;
  reason: string;
}

/** The Markdown files the check covers: README.md and every .md under docs/, as repository paths. */
export function documentationFiles(root: string): string[] {
  const files = existsSync(path.join(root, 'README.md')) ? ['README.md'] : [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) files.push(rel);
    }
  };
  if (existsSync(path.join(root, 'docs'))) walk('docs');
  return files.sort();
}

/** The text outside fenced code blocks and inline code, line by line (code never holds a link). */
function proseLines(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return '';
    }
    return fence === null ? line.replace(/(`+)[^`]*?\1/g, '') : '';
  });
}

/** GitHub's anchor for a heading's text: as rendered, lower case, punctuation out, spaces to '-'. */
export function headingAnchor(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/[*~]/g, '');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file offers: its headings' (repeated ones numbered as GitHub does) and HTML ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = headingAnchor(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const [, id] of line.matchAll(/<[a-z]+[^>]*\s(?:id|name)="([^"]+)"/gi)) if (id) anchors.add(id);
  }
  return anchors;
}

/** Every relative link of the files (repository paths under `root`) that does not resolve. */
export function brokenLinks(root: string, files: string[]): BrokenLink[] {
  const broken: BrokenLink[] = [];
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (file: string) => {
    let anchors = anchorCache.get(file);
    if (!anchors) {
      anchors = anchorsOf(readFileSync(file, 'utf8'));
      anchorCache.set(file, anchors);
    }
    return anchors;
  };
  for (const file of files) {
    const absolute = path.join(root, file);
    proseLines(readFileSync(absolute, 'utf8')).forEach((line, index) => {
      const targets = [
        ...[...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
        ...[...line.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/g)].map((m) => m[1]),
        ...[...line.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/gi)].map((m) => m[1]),
      ];
      for (const target of targets) {
        if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
        const report = (reason: string) => broken.push({ file, line: index + 1, target, reason });
        const hashAt = target.indexOf('#');
        const pathPart = decodeURIComponent(hashAt === -1 ? target : target.slice(0, hashAt));
        const anchor = hashAt === -1 ? null : decodeURIComponent(target.slice(hashAt + 1));
        const resolved = pathPart === '' ? absolute : path.resolve(path.dirname(absolute), pathPart);
        if (!resolved.startsWith(path.resolve(root) + path.sep)) {
          report('points outside the repository');
          continue;
        }
        if (!existsSync(resolved)) {
          report('no such file or folder');
          continue;
        }
        if (anchor === null) continue;
        if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
          report('an anchor into something that is not a Markdown file');
        } else if (!anchorsIn(resolved).has(anchor)) {
          report(`no heading for #${anchor} in ${path.relative(root, resolved)}`);
        }
      }
    });
  }
  return broken;
}

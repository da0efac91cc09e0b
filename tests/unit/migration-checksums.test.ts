// A merged migration never changes: supabase/migration-checksums.txt lists each one with the
// sha256 of its bytes, and this test fails when a listed migration changes or disappears, or when
// a migration in supabase/migrations is not listed yet (printing the line to add).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MIGRATIONS = path.join(ROOT, 'supabase', 'migrations');
const LIST = path.join(ROOT, 'supabase', 'migration-checksums.txt');

const sha256 = (file: string) =>
  createHash('sha256')
    .update(readFileSync(path.join(MIGRATIONS, file)))
    .digest('hex');

/** The list's entries, file → checksum, as `sha256sum` writes them: `<hex>  <file>`. */
function listed(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of readFileSync(LIST, 'utf8').split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = /^([0-9a-f]{64}) [ *](\S+)$/.exec(line);
    if (!match?.[1] || !match[2]) throw new Error(`supabase/migration-checksums.txt: not a checksum line: ${line}`);
    if (entries.has(match[2])) throw new Error(`supabase/migration-checksums.txt lists ${match[2]} twice`);
    entries.set(match[2], match[1]);
  }
  return entries;
}

describe('merged migrations', () => {
  it('are listed with their checksums, unchanged and all present', () => {
    const files = readdirSync(MIGRATIONS).filter((file) => file.endsWith('.sql'));
    const list = listed();
    expect(list.size).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const [file, sum] of list) {
      if (!files.includes(file))
        problems.push(`${file} is gone: a merged migration stays (a change is a new migration)`);
      else if (sha256(file) !== sum)
        problems.push(`${file} changed since it was merged: put the change in a new migration and restore it`);
    }
    for (const file of files.filter((f) => !list.has(f)).sort())
      problems.push(`${file} is not listed: add \`${sha256(file)}  ${file}\` to supabase/migration-checksums.txt`);
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

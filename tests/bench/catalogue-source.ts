// The benchmark catalogue: the shared 70,000-game file when this checkout has it beside it,
// else a generated catalogue of the same size (the project never needs shared/ to run).
import { existsSync } from 'node:fs';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data/games.jsonl');
const WORDS = [
  'Shadow',
  'Legend',
  'Quest',
  'Star',
  'Dark',
  'Iron',
  'Crystal',
  'Dragon',
  'Storm',
  'Racing',
  'Tactics',
  'Kingdom',
  'Space',
  'Ninja',
  'Knight',
  'Souls',
  'World',
  'Frontier',
  'Galaxy',
  'Rogue',
  'Hunter',
  'Empire',
  'Saga',
  'Chronicles',
  'Arena',
  'Odyssey',
  'Wars',
  'Heroes',
  'Tales',
  'Rising',
];
const GENRES = ['Adventure', 'Role-playing (RPG)', 'Shooter', 'Platform', 'Racing', 'Strategy', 'Puzzle', 'Fighting'];
const PLATFORMS = ['PC (Microsoft Windows)', 'PlayStation 5', 'Xbox Series X|S', 'Nintendo Switch', 'PlayStation 4'];

export async function benchCatalogue(size = 70_000): Promise<{ file: string; source: string }> {
  if (existsSync(SHARED)) return { file: SHARED, source: 'shared/data/games.jsonl' };
  const lines: string[] = [];
  for (let i = 1; i <= size; i++) {
    const w = (k: number) => WORDS[(i * k) % WORDS.length] ?? 'Game';
    lines.push(
      JSON.stringify({
        id: i,
        name: `${w(7)} ${w(13)} ${i % 9 === 0 ? w(3) : ''} ${i % 5}`.replace(/\s+/g, ' ').trim(),
        first_release_date: 631152000 + (i % 1100) * 86400 * 10,
        category: i % 11 === 0 ? 1 : 0,
        platforms: [PLATFORMS[i % PLATFORMS.length]],
        genres: [GENRES[i % GENRES.length]],
        developer: `${w(17)} Studios`,
        publisher: `${w(19)} Interactive`,
        rating: 50 + (i % 50),
      }),
    );
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'cp-bench-'));
  const file = path.join(dir, 'games.jsonl');
  await writeFile(file, lines.join('\n'));
  return { file, source: `generated (${size} games)` };
}

// The catalogue function in local mode over a catalogue file: load time of the first request and
// p50/p95 of ~200 search requests through the handler (target: p95 under 50 ms at 70k).
import handler from '../../supabase/functions/igdb-search/index.ts';
import { quantile } from './stats.ts';

const TERMS = [
  'zelda',
  'mario',
  'final fantasy 7',
  'final fantasy vii',
  'call of duty',
  'resident evil 2',
  'pokemon',
  'pokémon red',
  'the witcher 3',
  'fallout',
  'half-life',
  'dark souls',
  'grand theft auto',
  'sonic',
  'doom',
  'halo',
  'metal gear solid',
  'street fighter ii',
  'tetris',
  'minecraft',
  'star wars',
  'need for speed most wanted',
  'skyrim',
  'mass effect',
  'sims',
  'fifa',
  'lego',
  'ba',
  'a',
  'xyzzy nothing',
];

async function search(searchTerm: string): Promise<number> {
  const t = performance.now();
  const res = await handler(
    new Request('http://bench/functions/v1/igdb-search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ searchTerm, limit: 20 }),
    }),
  );
  await res.json();
  if (res.status !== 200) throw new Error(`search "${searchTerm}" answered ${res.status}`);
  return performance.now() - t;
}

export async function benchCatalogueFunction(file: string): Promise<{ p50: number; p95: number; loadMs: number }> {
  const saved = {
    file: process.env.CATALOGUE_FILE,
    id: process.env.IGDB_CLIENT_ID,
    secret: process.env.IGDB_CLIENT_SECRET,
  };
  process.env.CATALOGUE_FILE = file;
  delete process.env.IGDB_CLIENT_ID;
  delete process.env.IGDB_CLIENT_SECRET;
  try {
    const loadMs = await search('warm up');
    const samples: number[] = [];
    for (let i = 0; i < 200; i++) samples.push(await search(TERMS[i % TERMS.length] ?? 'zelda'));
    return { p50: quantile(samples, 0.5), p95: quantile(samples, 0.95), loadMs };
  } finally {
    const restore = (name: string, value: string | undefined) => {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    };
    restore('CATALOGUE_FILE', saved.file);
    restore('IGDB_CLIENT_ID', saved.id);
    restore('IGDB_CLIENT_SECRET', saved.secret);
  }
}

// Benchmark of public.search_games_secure: each query is called as a visitor would call it through
// the API (its own transaction, role anon, JWT claims set, as PostgREST does) and timed end to end.
// tests/bench/run.ts loads the catalogue and reports the figures.
import { performance } from 'node:perf_hooks';
import type { Db } from '../../supabase/local/db.ts';
import { asActor, VISITOR } from '../support/test-db.ts';
import { quantile } from './stats.ts';

/** Franchises, exact titles, sequels with numbers, companies, typos and short forms. */
export const SEARCH_QUERIES: readonly string[] = [
  'zelda', 'mario kart', 'witcher 3', 'final fantasy vii', 'gta', 'call of duty', 'pokemon red', 'dark souls',
  'halo', 'minecraft', 'zelad', 'ff', 'mario', 'super mario bros', 'super mario 64', 'mario kart wii',
  'mario kart 8 deluxe', 'mario party', 'luigi', 'donkey kong', 'donkey kong country', 'kirby', 'metroid',
  'metroid prime', 'star fox', 'fire emblem', 'animal crossing', 'splatoon', 'smash bros', 'super smash bros brawl',
  'the legend of zelda', 'breath of the wild', 'ocarina of time', 'majoras mask', 'twilight princess',
  'link to the past', 'pokemon', 'pokemon blue', 'pokemon gold', 'pokemon yellow', 'pokemon emerald',
  'pokemon diamond', 'pikachu', 'final fantasy', 'final fantasy x', 'final fantasy xiv', 'final fantasy vii remake',
  'kingdom hearts', 'dragon quest', 'chrono trigger', 'call of duty modern warfare', 'black ops', 'black ops 2',
  'modern warfare 2', 'world at war', 'battlefield', 'battlefield 3', 'medal of honor', 'grand theft auto',
  'grand theft auto v', 'san andreas', 'vice city', 'red dead redemption', 'red dead redemption 2', 'bully',
  'max payne', 'elder scrolls', 'skyrim', 'oblivion', 'morrowind', 'fallout', 'fallout 4', 'fallout new vegas',
  'doom', 'doom eternal', 'quake', 'wolfenstein', 'half life', 'half-life 2', 'portal', 'portal 2', 'counter strike',
  'team fortress', 'left 4 dead', 'dota', 'starcraft', 'warcraft', 'world of warcraft', 'diablo', 'diablo 3',
  'overwatch', 'hearthstone', 'dark souls 3', 'demons souls', 'bloodborne', 'sekiro', 'elden ring', 'armored core',
  'resident evil', 'resident evil 2', 'resident evil 4', 'resident evil village', 'devil may cry', 'monster hunter',
  'street fighter', 'street fighter ii', 'mega man', 'mega man x', 'metal gear', 'metal gear solid',
  'metal gear solid 3', 'silent hill', 'castlevania', 'contra', 'sonic', 'sonic the hedgehog', 'sonic adventure',
  'yakuza', 'persona 5', 'shin megami tensei', 'tekken', 'mortal kombat', 'soulcalibur', 'pac-man', 'tetris',
  'space invaders', 'galaga', 'frogger', 'crash bandicoot', 'spyro', 'ratchet and clank', 'jak and daxter',
  'god of war', 'uncharted', 'the last of us', 'horizon zero dawn', 'ghost of tsushima', 'gran turismo',
  'need for speed', 'need for speed most wanted', 'burnout', 'forza', 'forza horizon', 'fifa', 'fifa 15',
  'pes', 'madden', 'nba 2k', 'tony hawk', 'guitar hero', 'rock band', 'just dance', 'wii sports', 'wii fit',
  'the sims', 'simcity', 'civilization', 'age of empires', 'command and conquer', 'total war', 'xcom',
  'mass effect', 'dragon age', 'baldurs gate', 'divinity', 'planescape', 'neverwinter', 'star wars',
  'star wars battlefront', 'knights of the old republic', 'lego star wars', 'lego batman', 'batman arkham',
  'spider-man', 'spiderman', 'assassins creed', 'assassins creed 2', 'far cry', 'far cry 3', 'watch dogs',
  'rayman', 'prince of persia', 'splinter cell', 'rainbow six', 'bioshock', 'borderlands', 'destiny', 'titanfall',
  'apex legends', 'fortnite', 'pubg', 'among us', 'stardew valley', 'terraria', 'hollow knight', 'celeste',
  'cuphead', 'undertale', 'hades', 'dead cells', 'nintendo', 'capcom', 'square enix', 'ubisoft', 'rockstar',
  'bethesda', 'fromsoftware', 'konami', 'sega', 'rpg', 'racing', 'platformer', 'horror', 'zombie',
  'mairo', 'pokmon', 'skyrm', 'witcher', 'witchr 3', 'halo 3', 'halo reach', 'gears of war', 'fable',
];

/**
 * Times each query once (after one untimed pass that warms the caches, as a running server would
 * be) and returns the median and 95th percentile in milliseconds.
 */
export async function benchSearch(db: Db, queries: readonly string[]): Promise<{ p50: number; p95: number }> {
  const search = (query: string) =>
    asActor(db, VISITOR, (q) => q.query('select id from public.search_games_secure($1, 50)', [query]));
  for (const query of queries) await search(query);
  const times: number[] = [];
  for (const query of queries) {
    const start = performance.now();
    await search(query);
    times.push(performance.now() - start);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

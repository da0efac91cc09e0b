// Builds supabase/functions/igdb-search/seed-catalogue.json, the bundled seed catalogue of ~385
// notable real games (a JSON array, one row per line).
// Usage: npx tsx tests/support/build-seed-catalogue.ts [path/to/games.jsonl]
// The input is the IGDB-shaped reference file described in /work/shared/data/README.md. It is read
// only here; the app never depends on it. The output is deterministic (no clock, no randomness).
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface SourceRow {
  id: number;
  name: string;
  slug: string | null;
  alternative_names?: string[];
  first_release_date?: number;
  release_year: number | null;
  category: number | null;
  category_guess?: number;
  platforms: string[] | null;
  genres?: string[];
  developer?: string;
  publisher?: string;
  involved_companies?: string[];
  rating?: number;
  critic_rating?: number;
  rating_count?: number;
  popularity?: Record<string, number>;
  parent_name?: string;
  source: string;
}
interface SeedRow {
  id: number;
  name: string;
  slug: string;
  alternative_names?: string[];
  first_release_date?: number;
  release_year: number | null;
  category?: number;
  platforms: string[];
  genres?: string[];
  developer?: string;
  publisher?: string;
  involved_companies?: string[];
  rating?: number;
  critic_rating?: number;
  rating_count?: number;
  popularity?: Record<string, number>;
  source: string;
  parent_game?: number;
  franchise?: string;
  summary?: string;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const INPUT = process.argv[2] ?? '/work/shared/data/games.jsonl';
const OUTPUT = resolve(ROOT, 'supabase/functions/igdb-search/seed-catalogue.json');
const MAIN_TARGET = 300; // main games picked by score (franchise quotas and forced rows count towards it)
const MAX_YEAR = 2025; // released games only
const FILL_CAP = 4; // when filling by score, at most this many main games per franchise (quotas may go higher)
const VGSALES_BASE = 1_000_000_000;
const DECADE_MIN: Record<number, number> = { 1970: 3, 1980: 22, 1990: 45 };
const SIGNALS: ReadonlyArray<(r: SourceRow) => number | undefined> = [
  (r) => r.rating_count,
  (r) => r.popularity?.global_sales_millions,
  (r) => r.popularity?.igdb_played,
  (r) => r.popularity?.igdb_want_to_play,
  (r) => r.popularity?.igdb_visits,
];

// [name pattern, franchise, quota of main games guaranteed by score]. First match wins, so order matters.
const FRANCHISES: ReadonlyArray<readonly [string, string, number?]> = [
  ['^Mario & Sonic', 'Mario & Sonic', 1],
  ['^(Super )?Mario Kart', 'Mario Kart', 3],
  ['^Mario Party', 'Mario Party', 1],
  ['^Paper Mario', 'Paper Mario', 1],
  ['^Super Smash Bros', 'Super Smash Bros.', 3],
  ['^(New )?Super Mario|^Mario Bros\\.', 'Super Mario', 10],
  ["^Luigi's Mansion", "Luigi's Mansion", 1],
  ['Zelda', 'The Legend of Zelda', 10],
  ['^Pokémon', 'Pokémon', 7],
  ['Final Fantasy', 'Final Fantasy', 7],
  ['^Dragon (Quest|Warrior)', 'Dragon Quest', 1],
  ['^Kingdom Hearts', 'Kingdom Hearts', 1],
  ['^Call of Duty', 'Call of Duty', 6],
  ['^Resident Evil', 'Resident Evil', 6],
  ['^Grand Theft Auto', 'Grand Theft Auto', 7],
  ['Witcher', 'The Witcher', 3],
  ['^The Elder Scrolls', 'The Elder Scrolls', 4],
  ['^Halo\\b', 'Halo', 4],
  ['^God of War', 'God of War', 5],
  ['^Metal Gear', 'Metal Gear', 4],
  ['^Sonic', 'Sonic the Hedgehog', 3],
  ['Street Fighter', 'Street Fighter', 3],
  ['^Mortal Kombat', 'Mortal Kombat', 3],
  ['^Tekken', 'Tekken', 1],
  ['^Dark Souls', 'Dark Souls', 3],
  ['^Elden Ring', 'Elden Ring', 1],
  ['^Mass Effect', 'Mass Effect', 4],
  ['^Minecraft', 'Minecraft', 1],
  ['^Fortnite', 'Fortnite', 1],
  ["^Assassin's Creed", "Assassin's Creed", 3],
  ['^Far Cry', 'Far Cry', 2],
  ['^Batman: Arkham', 'Batman: Arkham', 2],
  ['^BioShock', 'BioShock', 2],
  ['^Half-Life', 'Half-Life', 2],
  ['^Portal', 'Portal', 2],
  ['^Fallout', 'Fallout', 4],
  ['^Uncharted', 'Uncharted', 2],
  ['^The Last of Us', 'The Last of Us', 2],
  ['^Red Dead', 'Red Dead', 2],
  ['^(Rise of the |Shadow of the )?Tomb Raider', 'Tomb Raider', 2],
  ['^Dragon Age', 'Dragon Age', 1],
  ['^Borderlands', 'Borderlands', 1],
  ['^Battlefield', 'Battlefield', 1],
  ['^Doom\\b', 'Doom', 2],
  ['^Gears of War', 'Gears of War', 1],
  ['^Diablo', 'Diablo', 2],
  ['^StarCraft', 'StarCraft', 2],
  ['^(World of )?Warcraft', 'Warcraft', 2],
  ['^(Super )?Metroid', 'Metroid', 3],
  ['^Kirby', 'Kirby', 1],
  ['^Donkey Kong', 'Donkey Kong', 2],
  ['^Animal Crossing', 'Animal Crossing', 1],
  ['^Fire Emblem', 'Fire Emblem', 1],
  ['^Persona', 'Persona', 1],
  ['^Monster Hunter', 'Monster Hunter', 1],
  ['^(Devil May Cry|DmC)', 'Devil May Cry', 1],
  ['^Silent Hill', 'Silent Hill', 1],
  ['^Castlevania', 'Castlevania', 1],
  ['^(Mega Man|Rockman)', 'Mega Man', 1],
  ['^Pac-Man', 'Pac-Man', 1],
  ['^Tetris', 'Tetris'],
  ['^Crash (Bandicoot|Team)', 'Crash Bandicoot', 1],
  ['^Spyro', 'Spyro', 1],
  ['^Ratchet & Clank', 'Ratchet & Clank', 1],
  ['^Gran Turismo', 'Gran Turismo', 1],
  ['^Forza', 'Forza', 1],
  ['^Need for Speed', 'Need for Speed', 2],
  ['^FIFA', 'FIFA', 1],
  ['^Madden', 'Madden NFL', 1],
  ["^Tony Hawk's", "Tony Hawk's", 1],
  ['^Guitar Hero', 'Guitar Hero', 1],
  ['^The Sims', 'The Sims', 3],
  ['^SimCity', 'SimCity', 1],
  ['Civilization', 'Civilization', 1],
  ['^Age of Empires', 'Age of Empires', 1],
  ['^Hitman', 'Hitman', 1],
  ['Splinter Cell', 'Splinter Cell', 1],
  ['^Max Payne', 'Max Payne', 1],
  ['^Mafia', 'Mafia', 1],
  ['^Saints Row', 'Saints Row', 1],
  ['^Dead Space', 'Dead Space', 1],
  ['^Horizon (Zero Dawn|Forbidden West)', 'Horizon', 2],
  ['Spider-Man', 'Spider-Man', 1],
  ['^(LEGO )?Star Wars', 'Star Wars', 2],
  ['^Prince of Persia', 'Prince of Persia', 1],
  ['^Yakuza', 'Yakuza', 1],
  ['^Wolfenstein', 'Wolfenstein', 1],
  ['^Quake', 'Quake', 1],
  ['^Command & Conquer', 'Command & Conquer', 1],
  ['^Crysis', 'Crysis'],
  ['^Dishonored', 'Dishonored'],
  ['^Deus Ex', 'Deus Ex'],
  ['^Counter-Strike', 'Counter-Strike'],
  ['^Left 4 Dead', 'Left 4 Dead'],
  ["^Baldur's Gate", "Baldur's Gate"],
  ['^Overwatch', 'Overwatch'],
  ['^Ori and', 'Ori'],
  ['^Hollow Knight', 'Hollow Knight'],
  ['^Metro( 2033|:| Exodus)', 'Metro'],
  ['^Destiny', 'Destiny'],
  ['^Bayonetta', 'Bayonetta'],
  ['^Rayman', 'Rayman'],
  ['^Life is Strange', 'Life is Strange'],
  ['^Just Cause', 'Just Cause'],
  ['^Dead Island', 'Dead Island'],
  ['^Infamous', 'Infamous'],
  ['^(XCOM|X-COM)', 'XCOM'],
  ['^Divinity', 'Divinity'],
  ['^Gears', 'Gears of War'],
  ['^Chrono', 'Chrono'],
  ['^Xenoblade', 'Xenoblade Chronicles'],
  ['^Splatoon', 'Splatoon'],
  ['^Pikmin', 'Pikmin'],
  ['^Star Fox', 'Star Fox'],
  ['^Banjo', 'Banjo-Kazooie'],
  ['^Burnout', 'Burnout'],
  ['^Dying Light', 'Dying Light'],
  ['^Black Mesa', 'Half-Life'],
  ['^Cyberpunk', 'Cyberpunk'],
  ['^Watch Dogs', 'Watch Dogs'],
  ['^A Plague Tale', 'A Plague Tale'],
  ['^Hades', 'Hades'],
  ['^Titanfall', 'Titanfall'],
  ['^Alan Wake', 'Alan Wake'],
  ['^Middle-earth', 'Middle-earth'],
  ['^The Walking Dead', 'The Walking Dead'],
];
const FRANCHISE_RE = FRANCHISES.map(([p, f, q]) => ({ re: new RegExp(p, 'i'), franchise: f, quota: q ?? 0 }));

// Non-main entries whose parent is known. [id, category or null (keep the data's, which may be unknown),
// parent id or null (resolve the data's parent_name)].
// Categories 1 (DLC), 2 (expansion), 4 (standalone expansion), 8 (remake) and 9 (remaster) follow the publishers' own
// descriptions where the data has no sourced code.
const EXTRAS: ReadonlyArray<readonly [number, number | null, number | null]> = [
  [3265, 2, 731],
  [3174, 2, 731],
  [240009, 2, 119133],
  [215769, 2, 1877],
  [37083, 2, 11156],
  [228533, 2, 112874],
  [14647, 2, 7334],
  [246, 2, 126],
  [3182, 2, 120],
  [456, 2, 230],
  [457, 2, 239],
  [227, 2, 123],
  [228, 2, 123],
  [77, 2, 76],
  [3735, null, 434],
  [21988, 1, 2155],
  [26916, 1, 11133],
  [13690, 1, 75],
  [782, 1, 74],
  [10302, 1, 15],
  [10306, 1, 16],
  [14568, 1, 533],
  [279623, 1, 112875],
  [37030, 4, 11118],
  [19959, 9, 499],
  [317103, 9, 11156],
  [34293, 9, 20],
  [25683, 9, 230],
  [236663, 9, 1105],
  [119374, 9, 425],
  [134606, 8, 5619],
  [159119, 8, 37],
  [222341, 8, 481],
  [VGSALES_BASE + 682, 8, VGSALES_BASE + 399],
  [VGSALES_BASE + 2214, 9, VGSALES_BASE + 101],
];
// Famous titles that exist only as vgsales rows (IGDB's "Th…" bucket is missing from the source) or score too low.
const FORCE = [
  1000000128, 1000000232, 1000000319, 1000000095, 1000000399, 1000000233, 1000000101, 1000000251, 1000000508,
  1000012467, 1000000542, 1000001402, 1000000084, 2750, 1086, 1333, 1618, 37382, 125165, 133236, 1289, 24, 1114, 1101,
  1714,
  // 2020s hits: the popularity snapshot has few signals for them.
  254339, 191692, 239392, 217590, 31551, 127044, 250616, 151665, 136879, 200165, 103281, 191931, 144054, 303811, 141503,
  101006, 15698, 172427, 143613, 191411, 251833, 186725, 104967, 96437, 242408, 148241, 119277,
  // Big online games that the score ranks just below the cut.
  8173, 2963, 27789, 1372,
];
const EXCLUDE = new Set([7559, 172201, 200403, 145191, 266357, 1000000005]);
// Selected rows with a null category in the data that are certainly main games (category 0).
const KNOWN_MAIN = new Set<number>([
  24, 186, 192, 330, 374, 385, 884, 1025, 1066, 1069, 1086, 1101, 1114, 1116, 1272, 1289, 1333, 1557, 1560, 1576, 1594,
  1618, 1714, 1819, 1944, 2051, 2178, 2195, 2289, 2335, 2472, 2485, 2645, 2706, 2741, 2750, 2751, 2754, 9600, 243012,
  1000000084, 1000000095, 1000000101, 1000000128, 1000000232, 1000000233, 1000000251, 1000000319, 1000000399,
  1000000508, 1000000542, 1000001402, 1000012467,
]);
// One-sentence summaries, only where the facts are certain. Most rows have none.
const SUMMARIES: Record<number, string> = {
  71: 'A first-person puzzle game in which the player solves test chambers with a portal gun at Aperture Science.',
  233: "A first-person shooter in which Gordon Freeman fights the Combine's occupation of City 17.",
  358: 'A side-scrolling platform game in which Mario travels through the Mushroom Kingdom to rescue Princess Toadstool from Bowser.',
  375: 'A stealth action game in which Solid Snake infiltrates a nuclear weapons facility on Shadow Moses Island.',
  472: 'An open-world action role-playing game set in the province of Skyrim, where the Dragonborn faces the return of dragons.',
  623: 'A first-person shooter and the first Call of Duty game set in a modern-day conflict rather than World War II.',
  740: 'A first-person shooter in which the Master Chief fights the Covenant on a ring-shaped world called Halo.',
  1009: 'An action-adventure game in which the smuggler Joel escorts the teenage Ellie across a post-apocalyptic United States.',
  1020: 'An open-world action-adventure game set in the fictional state of San Andreas, told through three criminals: Michael, Franklin and Trevor.',
  1074: "A 3D platform game in which Mario collects Power Stars in Princess Peach's castle to defeat Bowser.",
  121: 'A sandbox game about gathering resources and building with blocks in procedurally generated worlds.',
  1561: 'A role-playing game in which the player catches and trains Pokémon across the Kanto region.',
  1511: 'A role-playing game in which the player catches and trains Pokémon across the Kanto region.',
  1877: 'An open-world action role-playing game set in Night City.',
  1905: 'An online game by Epic Games, best known for its battle royale mode.',
  1942: 'An open-world action role-playing game in which the monster hunter Geralt of Rivia searches for his adopted daughter, Ciri.',
  2155: 'An action role-playing game set in the kingdom of Lordran.',
  3174: 'An episodic expansion for Grand Theft Auto IV following Luis Fernando Lopez, bodyguard to nightclub owner Tony Prince.',
  3192: 'A platform game in which Sonic races through zones to stop Doctor Robotnik.',
  3265: 'An episodic expansion for Grand Theft Auto IV following Johnny Klebitz, a member of The Lost motorcycle club.',
  7346: 'An open-world action-adventure game in which Link awakens from a long sleep to explore Hyrule and defeat Calamity Ganon.',
  8197: 'A tile-matching puzzle game in which falling tetrominoes are rotated and placed to clear horizontal lines.',
  19560: 'An action-adventure game in which Kratos and his son Atreus journey through the realms of Norse mythology.',
  19686:
    'A remake of the 1998 survival horror game Resident Evil 2, following Leon S. Kennedy and Claire Redfield in Raccoon City.',
  25076: 'A Western action-adventure game following the outlaw Arthur Morgan and the Van der Linde gang in 1899.',
  119133: 'An open-world action role-playing game by FromSoftware set in the Lands Between.',
  215769: 'A spy-thriller expansion for Cyberpunk 2077 set in the Dogtown district of Night City.',
  240009: 'An expansion for Elden Ring set in the Land of Shadow.',
  1000000095: 'An action-adventure game in which Link travels between childhood and adulthood to stop Ganondorf.',
  1000000128:
    'An action-adventure game in which Link explores Hyrule to recover the Triforce of Wisdom and rescue Princess Zelda from Ganon.',
};

const norm = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const decade = (r: SourceRow): number | null => (r.release_year == null ? null : Math.floor(r.release_year / 10) * 10);
const franchiseOf = (name: string): string | undefined => FRANCHISE_RE.find((f) => f.re.test(name))?.franchise;

const rows: SourceRow[] = readFileSync(INPUT, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as SourceRow);
const byId = new Map(rows.map((r) => [r.id, r]));

// Reciprocal-rank fusion over the popularity signals: robust to their very different scales.
const score = new Map<number, number>();
for (const signal of SIGNALS) {
  const ranked = rows
    .filter((r) => signal(r) !== undefined)
    .sort((a, b) => (signal(b) ?? 0) - (signal(a) ?? 0) || a.id - b.id);
  ranked.forEach((r, i) => score.set(r.id, (score.get(r.id) ?? 0) + 1 / (60 + i)));
}
const scoreOf = (r: SourceRow): number => score.get(r.id) ?? 0;
const byScore = (a: SourceRow, b: SourceRow): number =>
  scoreOf(b) - scoreOf(a) || (b.critic_rating ?? 0) - (a.critic_rating ?? 0) || a.id - b.id;

const extraIds = new Set(EXTRAS.map(([id]) => id));
const sourcedExtras = rows.filter((r) => r.category != null && r.category !== 0);
const isMainCandidate = (r: SourceRow): boolean =>
  !EXCLUDE.has(r.id) &&
  !extraIds.has(r.id) &&
  (r.id < VGSALES_BASE || FORCE.includes(r.id)) &&
  r.release_year != null &&
  r.release_year <= MAX_YEAR &&
  r.platforms != null &&
  r.platforms.length > 0 &&
  (r.category === 0 || (r.category == null && r.category_guess == null));
const pool = rows.filter(isMainCandidate).sort(byScore);

const chosen = new Map<number, SourceRow>();
const taken = new Map<string, number[]>(); // normalised name -> release years already chosen
const add = (r: SourceRow): boolean => {
  if (chosen.has(r.id)) return false;
  const years = taken.get(norm(r.name)) ?? [];
  if (years.some((y) => Math.abs(y - (r.release_year ?? 0)) <= 2)) return false; // same-name port or re-release
  chosen.set(r.id, r);
  taken.set(norm(r.name), [...years, r.release_year ?? 0]);
  return true;
};
for (const id of FORCE) {
  const r = byId.get(id);
  if (r && isMainCandidate(r)) add(r);
}
for (const f of FRANCHISE_RE) {
  let have = [...chosen.values()].filter((r) => franchiseOf(r.name) === f.franchise).length;
  for (const r of pool) {
    if (have >= f.quota) break;
    if (franchiseOf(r.name) === f.franchise && add(r)) have++;
  }
}
for (const [dec, min] of Object.entries(DECADE_MIN)) {
  let have = [...chosen.values()].filter((r) => decade(r) === Number(dec)).length;
  for (const r of pool) {
    if (have >= min) break;
    if (decade(r) === Number(dec) && add(r)) have++;
  }
}
const perFranchise = (f: string | undefined): number =>
  [...chosen.values()].filter((r) => f && franchiseOf(r.name) === f).length;
for (const r of pool) {
  if (chosen.size >= MAIN_TARGET) break;
  const f = franchiseOf(r.name);
  if (f === undefined || perFranchise(f) < FILL_CAP) add(r);
}

// Non-main entries: the curated list plus the data's own sourced non-zero categories.
const parentOf = new Map<number, number | undefined>();
const categoryOf = new Map<number, number>();
const resolveParent = (r: SourceRow): number | undefined => {
  if (!r.parent_name) return undefined;
  // A later same-name row can only be the parent if it is already a seed row (e.g. a prologue released first).
  const earlier = (p: SourceRow): boolean => (p.release_year ?? 0) <= (r.release_year ?? 0);
  const named = rows.filter(
    (p) => p.id !== r.id && p.name === r.parent_name && (chosen.has(p.id) || (earlier(p) && p.id < VGSALES_BASE)),
  );
  return named.sort((a, b) => Number(chosen.has(b.id)) - Number(chosen.has(a.id)) || byScore(a, b))[0]?.id;
};
for (const r of sourcedExtras) {
  if (EXCLUDE.has(r.id) || (r.category === 11 && r.parent_name === r.name)) continue; // same-name port: nothing to link
  chosen.set(r.id, r);
  categoryOf.set(r.id, r.category ?? 0);
  parentOf.set(r.id, resolveParent(r));
}
for (const [id, category, parent] of EXTRAS) {
  const r = byId.get(id);
  if (!r) throw new Error(`extra ${id} is not in ${INPUT}`);
  chosen.set(id, r);
  const cat = category ?? r.category;
  if (cat != null) categoryOf.set(id, cat);
  parentOf.set(id, parent ?? resolveParent(r));
}
for (const [id, parent] of parentOf) {
  if (parent === undefined || chosen.has(parent)) continue;
  const p = byId.get(parent);
  if (p) chosen.set(parent, p);
  else parentOf.set(id, undefined);
}

const slugs = new Set<string>();
const out: SeedRow[] = [...chosen.values()]
  .sort((a, b) => a.id - b.id)
  .map((r) => {
    let slug = r.slug ?? String(r.id);
    if (slugs.has(slug)) slug = `${slug}-${r.id}`;
    slugs.add(slug);
    const category = categoryOf.get(r.id) ?? (r.category === 0 || KNOWN_MAIN.has(r.id) ? 0 : undefined);
    const row: SeedRow = {
      id: r.id,
      name: r.name,
      slug,
      alternative_names: r.alternative_names,
      first_release_date: r.first_release_date,
      release_year: r.release_year,
      category,
      platforms: r.platforms ?? [],
      genres: r.genres,
      developer: r.developer,
      publisher: r.publisher,
      involved_companies: r.involved_companies,
      rating: r.rating,
      critic_rating: r.critic_rating,
      rating_count: r.rating_count,
      popularity: r.popularity,
      source: r.source,
      parent_game: parentOf.get(r.id),
      franchise: franchiseOf(r.name),
      summary: SUMMARIES[r.id],
    };
    return row;
  });
// Self-check before writing, then a short summary.
const ids = new Set(out.map((r) => r.id));
if (ids.size !== out.length) throw new Error('duplicate ids');
if (new Set(out.map((r) => r.slug)).size !== out.length) throw new Error('duplicate slugs');
for (const r of out)
  if (r.parent_game !== undefined && !ids.has(r.parent_game)) throw new Error(`missing parent of ${r.id}`);
// Every date the source has reaches the seed: the day when known, else the year (the vgsales-only
// classics, e.g. Ocarina of Time, have only the year; the app shows it instead of "TBA").
for (const r of out) {
  const source = byId.get(r.id);
  if (source?.first_release_date !== undefined && r.first_release_date !== source.first_release_date)
    throw new Error(`release date of ${r.id} lost`);
  if (source?.release_year != null && r.release_year !== source.release_year)
    throw new Error(`release year of ${r.id} lost`);
}
mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, `[\n${out.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`); // undefined keys are dropped
const count = <T>(xs: T[]): Record<string, number> =>
  xs.reduce<Record<string, number>>((m, x) => ({ ...m, [String(x)]: (m[String(x)] ?? 0) + 1 }), {});
console.log(`wrote ${out.length} rows to ${OUTPUT}`);
console.log('by category:', count(out.map((r) => r.category ?? 'unknown')));
console.log(
  'by decade:',
  count(out.map((r) => (r.release_year == null ? 'unknown' : `${Math.floor(r.release_year / 10) * 10}s`))),
);
console.log(
  `with franchise: ${out.filter((r) => r.franchise).length}, franchises: ${new Set(out.map((r) => r.franchise).filter(Boolean)).size}`,
);
console.log(
  `with parent_game: ${out.filter((r) => r.parent_game !== undefined).length}, with summary: ${out.filter((r) => r.summary).length}`,
);

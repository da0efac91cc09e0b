// Files shaped like the real ones, for the import's tests and bench: a Grouvee CSV export (JSON in
// its cells, quoted), and a generator of large Grouvee files.

const q = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
export const GROUVEE_HEADER =
  'id,name,shelves,platforms,rating,review,dates,statuses,genres,franchises,developers,publishers,release_date,url,giantbomb_id';

export interface GrouveeGame {
  id: number;
  name: string;
  shelves: string[];
  rating?: number;
  review?: string;
  release?: string;
  dates?: Array<{ date_started?: string | null; date_finished?: string | null; seconds_played?: number | null }>;
  statuses?: Array<{ status: string; date: string }>;
}

export function grouveeLine(g: GrouveeGame): string {
  const shelves = Object.fromEntries(
    g.shelves.map((s) => [
      s,
      { date_added: '2020-06-01T10:00:00Z', url: `https://www.grouvee.com/user/me/shelves/${encodeURIComponent(s)}/` },
    ]),
  );
  const dates = (g.dates ?? []).map((d) => ({
    date_started: d.date_started ?? null,
    date_finished: d.date_finished ?? null,
    level_of_completion: null,
    seconds_played: d.seconds_played ?? null,
  }));
  return [
    String(g.id),
    q(g.name),
    q(JSON.stringify(shelves)),
    q(JSON.stringify({ PC: { url: 'https://www.grouvee.com/platforms/pc/' } })),
    g.rating === undefined ? '' : String(g.rating),
    g.review === undefined ? '' : q(g.review),
    q(JSON.stringify(dates)),
    q(JSON.stringify(g.statuses ?? [])),
    q(JSON.stringify({ Action: { url: 'x' } })),
    q('{}'),
    q('{}'),
    q('{}'),
    g.release ?? '',
    `https://www.grouvee.com/games/${g.id}/`,
    String(g.id + 1000),
  ].join(',');
}

export const grouveeFile = (games: readonly GrouveeGame[], eol = '\n'): string =>
  [GROUVEE_HEADER, ...games.map(grouveeLine)].join(eol) + eol;

/** A Grouvee file of `n` games named after `names` (cycled), with the shelves and play data of a long-time member. */
export function bigGrouveeFile(names: ReadonlyArray<{ name: string; year: number | null }>, n: number): string {
  const shelves = [['Played'], ['Playing'], ['Wish List'], ['Backlog'], ['Played', 'Favorites']];
  const games: GrouveeGame[] = [];
  for (let i = 0; i < n; i++) {
    const g = names[i % names.length] ?? { name: `Game ${i}`, year: null };
    games.push({
      id: 100_000 + i,
      name: g.name,
      release: g.year ? `${g.year}-01-01` : '',
      shelves: shelves[i % shelves.length] ?? [],
      ...(i % 3 === 0 ? { rating: 1 + (i % 5) } : {}),
      ...(i % 7 === 0 ? { review: `Review number ${i} <b>bold</b>` } : {}),
      ...(i % 4 === 0
        ? {
            dates: [{ date_started: '2021-03-01', date_finished: '2021-03-09', seconds_played: 3600 * (1 + (i % 20)) }],
          }
        : {}),
    });
  }
  return grouveeFile(games);
}

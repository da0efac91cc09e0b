// Games a write is about, found by igdb_id as app.resolve_game finds them, and the mutation
// game.ensure (app.m_game_ensure → app.upsert_game). Resolving never writes: a game to add is
// returned with isNew and written by saveGame once every check of the write has passed, so a
// rejected write leaves nothing behind (the server rolls its savepoint back the same way).
import type { GameSummary, MutationArgs } from '../../core/mutations.ts';
import type { CheckpointDb, GameRow } from '../db.ts';
import { writeRow } from '../overlay.ts';
import { slugify } from '../../core/catalogue-text.ts';
import { fillMissing, newGameRow } from './game-row.ts';
import { reject } from './rows.ts';
import type { ApplyContext } from './types.ts';

export const GAME_NOT_FOUND = 'Game not found in database. Please select a game from the search results.';

export interface ResolvedGame {
  readonly row: GameRow;
  readonly isNew: boolean;
}

/** The game with this igdb_id; the server's row wins over a -igdb_id stand-in for it. */
export async function findGame(db: CheckpointDb, igdbId: number): Promise<GameRow | undefined> {
  const rows = await db.games.where('igdb_id').equals(igdbId).toArray();
  return rows.reduce<GameRow | undefined>(
    (best, row) => (best === undefined || row.id > best.id ? row : best),
    undefined,
  );
}

/** app.game_slug: the slug of the name, made unique with the igdb id on a clash. */
async function gameSlug(db: CheckpointDb, name: string, igdbId: number): Promise<string> {
  const base = slugify(name);
  if (base === null) return `game-${igdbId}`;
  const clash = await db.games
    .where('slug')
    .equals(base)
    .filter((g) => g.igdb_id !== igdbId)
    .count();
  return clash > 0 ? `${base}-${igdbId}` : base;
}

async function newGame(
  db: CheckpointDb,
  igdbId: number,
  summary: GameSummary,
  ctx: ApplyContext,
): Promise<ResolvedGame> {
  const slug = await gameSlug(db, summary.name, igdbId);
  return { row: newGameRow(igdbId, summary, slug, ctx.now), isNew: true };
}

/** app.resolve_game: the known game, else one made from the summary, else 'game_not_found'. */
export async function resolveGame(
  db: CheckpointDb,
  ref: { igdb_id: number; game?: GameSummary },
  ctx: ApplyContext,
): Promise<ResolvedGame> {
  const known = await findGame(db, ref.igdb_id);
  if (known) return { row: known, isNew: false };
  if (ref.game) return newGame(db, ref.igdb_id, ref.game, ctx);
  return reject('game_not_found', GAME_NOT_FOUND);
}

export async function saveGame(db: CheckpointDb, game: ResolvedGame): Promise<void> {
  if (game.isNew) await writeRow(db, 'games', game.row);
}

/** game.ensure: adds the game, or fills in the facts the catalogue is missing. */
export async function applyGameEnsure(
  db: CheckpointDb,
  args: MutationArgs<'game.ensure'>,
  ctx: ApplyContext,
): Promise<void> {
  const { igdb_id: igdbId, ...summary } = args;
  const known = await findGame(db, igdbId);
  if (!known) return saveGame(db, await newGame(db, igdbId, summary, ctx));
  const filled = fillMissing(known, summary, ctx.now);
  if (filled) await writeRow(db, 'games', filled);
}

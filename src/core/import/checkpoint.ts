// A Checkpoint JSON export (core/export/schema.ts) → import rows. Files of every version this app
// knows import: an older file is brought up to the current version one step at a time
// (EXPORT_UPGRADES[n] turns version n into n + 1) and then checked with the current schema. When
// version 2 comes, its step is `1: (v1) => v2` here, and version 1 files keep importing.
import { EXPORT_FORMAT, EXPORT_VERSION, exportSchema, type CheckpointExport } from '../export/schema.ts';
import { IMPORT_MAX_ROWS, IMPORT_TEXT, ImportFileError } from './constants.ts';
import { emptyRow, type ImportRow, type ParsedImport } from './types.ts';

type Loose = Record<string, unknown>;
export type ExportUpgrade = (file: Loose) => Loose;

/** Version n → n + 1. Version 1 is the first, so there is nothing to upgrade yet. */
export const EXPORT_UPGRADES: Readonly<Record<number, ExportUpgrade>> = {};

/** The file brought to `current`, one step at a time; a clear ImportFileError for a file of no known version. */
export function upgradeExport(
  raw: unknown,
  upgrades: Readonly<Record<number, ExportUpgrade>> = EXPORT_UPGRADES,
  current: number = EXPORT_VERSION,
): Loose {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || (raw as Loose)['format'] !== EXPORT_FORMAT) {
    throw new ImportFileError('wrong_format', IMPORT_TEXT.notCheckpointJson);
  }
  let file = raw as Loose;
  const version = file['version'];
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    throw new ImportFileError('wrong_format', IMPORT_TEXT.notCheckpointJson);
  if (version > current) throw new ImportFileError('newer_version', IMPORT_TEXT.newerVersion);
  for (let v = version; v < current; v++) {
    const step = upgrades[v];
    if (!step) throw new ImportFileError('old_version', `Version ${v} exports can no longer be read.`);
    file = { ...step(file), version: v + 1 };
  }
  return file;
}

/** The file brought to the current version and checked with its schema; a clear ImportFileError otherwise. */
export function readExport(raw: unknown): CheckpointExport {
  const file = upgradeExport(raw);
  const parsed = exportSchema().safeParse(file);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join('.') : '';
    throw new ImportFileError(
      'invalid_export',
      `This Checkpoint export is damaged${where ? ` (at ${where})` : ''}: ${issue?.message ?? 'it does not match its format'}. Export it again and retry.`,
    );
  }
  return parsed.data;
}

const title = (game: { name: string | null; igdb_id: number }) => game.name ?? `IGDB game ${game.igdb_id}`;

export function checkpointRows(data: CheckpointExport): ParsedImport {
  const byGame = new Map<number, ImportRow>();
  const row = (game: CheckpointExport['library'][number]['game']): ImportRow => {
    const found = byGame.get(game.igdb_id);
    if (found) return found;
    const made: ImportRow = {
      ...emptyRow(byGame.size + 1, title(game)),
      igdb_id: game.igdb_id,
      year: game.release_year,
    };
    byGame.set(game.igdb_id, made);
    return made;
  };
  const set = (game: CheckpointExport['library'][number]['game'], patch: Partial<ImportRow>) => {
    byGame.set(game.igdb_id, { ...row(game), ...patch });
  };
  for (const entry of data.library) {
    set(entry.game, {
      started: entry.started || entry.finished,
      finished: entry.finished,
      started_at: entry.started_at,
      finished_at: entry.finished_at,
      wishlist: entry.wishlist !== null,
      collection: entry.collection !== null,
    });
  }
  for (const review of data.reviews) {
    set(review.game, {
      rating: review.rating,
      review: review.review,
      platform: review.platform,
      draft: review.draft,
      posted_at: review.posted_at,
      is_recommended: review.is_recommended,
      playtime_hours: review.playtime_hours === null ? null : Math.round(review.playtime_hours),
    });
  }
  for (const s of data.journal) {
    const current = row(s.game);
    byGame.set(s.game.igdb_id, {
      ...current,
      sessions: [
        ...current.sessions,
        {
          source_key: `checkpoint:${s.key}`,
          played_on: s.played_on,
          minutes: s.minutes,
          note: s.note,
          is_private: s.private,
        },
      ],
    });
  }
  const rows = [...byGame.values()];
  if (rows.length > IMPORT_MAX_ROWS) throw new ImportFileError('too_many_rows', IMPORT_TEXT.tooManyRows);
  const notes: string[] = [];
  if (data.comments.length > 0 || data.likes.length > 0) {
    notes.push('Comments and likes stay where they were written: an import does not post them again.');
  }
  return {
    source: 'checkpoint',
    rows,
    top5: [...data.top5].sort((a, b) => a.position - b.position).map((t) => t.game.igdb_id),
    follows: data.following.filter((f) => f.user_id !== data.profile.id).map((f) => f.user_id),
    notes,
  };
}

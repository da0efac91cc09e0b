// "This review was changed on another device after your edit. Yours: … [Use mine] [Keep theirs]"
// (issue 19 §1): one edit at a time, oldest first, until the member has answered each. The edit
// itself is already replaced on screen by the newer one; this is the member's chance to bring
// theirs back (Use mine: a new edit through the outbox).
import { useState } from 'react';
import { CONFLICT_TEXT, conflictHeadline, yoursParts } from '../../core/conflicts.ts';
import { resolveConflict, firstConflict } from '../../data/conflicts.ts';
import { useLive } from '../../data/live.ts';
import './conflict-notice.css';

/** The games an edit names (its own, or a Top 5's), to show their names. */
function igdbIdsOf(args: unknown): number[] {
  if (typeof args !== 'object' || args === null) return [];
  const a: Record<string, unknown> = { ...args };
  const games = Array.isArray(a.games) ? a.games : [];
  return [
    a.igdb_id,
    ...games.map((g: unknown) => (typeof g === 'object' && g !== null && 'igdb_id' in g ? g.igdb_id : null)),
  ].filter((id): id is number => typeof id === 'number');
}

export function ConflictNotice({ memberId }: { memberId: number | null }) {
  const conflict = useLive((db) => firstConflict(db), []);
  const names = useLive(
    async (db) => {
      const games = conflict ? await db.games.where('igdb_id').anyOf(igdbIdsOf(conflict.args)).toArray() : [];
      return new Map(games.map((g) => [g.igdb_id, g.name]));
    },
    [conflict?.id],
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!conflict || memberId === null) return null;
  const args: Record<string, unknown> =
    typeof conflict.args === 'object' && conflict.args !== null ? { ...conflict.args } : {};
  const game = typeof args.igdb_id === 'number' ? names?.get(args.igdb_id) : undefined;

  const choose = (choice: 'mine' | 'theirs') => {
    setBusy(true);
    setFailure(null);
    resolveConflict(memberId, conflict, choice)
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)))
      .finally(() => setBusy(false));
  };

  return (
    <section className="conflict-notice" role="region" aria-label="Edit replaced on another device" aria-live="polite">
      <p className="conflict-notice__text">
        {game && <strong className="conflict-notice__subject">{game}: </strong>}
        {conflictHeadline(conflict)}
      </p>
      <p className="conflict-notice__yours">
        {CONFLICT_TEXT.yours} {yoursParts(conflict, (id) => names?.get(id)).join(' · ')}
      </p>
      {failure && (
        <p className="conflict-notice__error" role="alert">
          {failure}
        </p>
      )}
      <div className="conflict-notice__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => choose('mine')}>
          {CONFLICT_TEXT.useMine}
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => choose('theirs')}>
          {CONFLICT_TEXT.keepTheirs}
        </button>
      </div>
    </section>
  );
}

// "This review was changed on another device after your edit. Yours: … [Use mine] [Keep theirs]"
// (docs/decisions/0002-hlc-per-field.md): one edit at a time, oldest first, until the member has
// answered each. The edit itself is already replaced on screen by the newer one; this is the
// member's chance to bring theirs back (Use mine: a new edit through the outbox).
import { useState } from 'react';
import { CONFLICT_TEXT, conflictHeadline, yoursParts, type ConflictNames } from '../../core/conflicts.ts';
import { conflictNames, resolveConflict, firstConflict } from '../../data/conflicts.ts';
import { useLive } from '../../data/live.ts';
import './conflict-notice.css';

export function ConflictNotice({ memberId }: { memberId: number | null }) {
  const conflict = useLive((db) => firstConflict(db), []);
  const names = useLive(
    (db) => (conflict ? conflictNames(db, conflict.args) : Promise.resolve<ConflictNames>({})),
    [conflict?.id],
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!conflict || memberId === null) return null;
  const args: Record<string, unknown> =
    typeof conflict.args === 'object' && conflict.args !== null ? { ...conflict.args } : {};
  const game = typeof args.igdb_id === 'number' ? names?.game?.(args.igdb_id) : undefined;

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
        {CONFLICT_TEXT.yours} {yoursParts(conflict, names).join(' · ')}
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

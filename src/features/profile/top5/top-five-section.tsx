// The Top 5 section of a profile: five ordered slots read from the device. The owner gets an
// Edit/Done editor: drag (or keyboard) to reorder, remove with a confirmation, add from the picker
// (their rated games not already in it). Every change shows at once and is saved whole with
// top5.replace; a refused save goes back to the previous list with the spec's message, and while
// one save runs no other change can start.
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  emptyChoicesText,
  moveGame,
  pickerChoices,
  removeGame,
  sameOrder,
  slots,
  TOP5_TEXT,
} from '../../../core/top5.ts';
import { localDb } from '../../../data/backend.ts';
import { useLive } from '../../../data/live.ts';
import { loadRatedGames, loadTopFive, type TopFiveEntry } from '../../../data/repos/lists.ts';
import { write } from '../../../data/actions.ts';
import type { GameHit } from '../../../data/search/types.ts';
import { useMemberId } from '../../../ui/auth/auth-context.tsx';
import { LazyGamePicker as GamePicker } from '../../../ui/search/lazy-game-picker.tsx';
import { useToast } from '../../../ui/toasts/toast-context.tsx';
import { ConfirmRemoveDialog } from './confirm-remove-dialog.tsx';
import { EmptySlot, StaticSlot } from './top-five-slot.tsx';
import './top-five.css';

const TopFiveEditor = lazy(() => import('./top-five-editor.tsx'));

/** `initial`: the list as already read elsewhere, shown until this section's own read is in. */
export function TopFiveSection({
  userId,
  isOwn,
  initial,
}: {
  userId: number;
  isOwn: boolean;
  initial?: TopFiveEntry[];
}) {
  const me = useMemberId();
  const owner = isOwn && me === userId;
  const saved = useLive((db) => loadTopFive(db, userId), [userId]);
  const rated = useLive((db) => (owner ? loadRatedGames(db, userId) : Promise.resolve([])), [userId, owner]);
  const toast = useToast();

  const [editing, setEditing] = useState(false);
  /** The list as the member just changed it, shown until the device's copy agrees. */
  const [draft, setDraft] = useState<TopFiveEntry[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<TopFiveEntry | null>(null);
  const [picking, setPicking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');

  useEffect(() => {
    if (draft && saved && !saving && sameOrder(draft, saved)) setDraft(null);
  }, [draft, saved, saving]);

  const list = draft ?? saved ?? initial;
  if (list === undefined) {
    return (
      <section className="top5 ranked-list" aria-busy="true" aria-label="Top 5">
        <div className="skeleton top5__skeleton" />
      </section>
    );
  }
  if (!owner && list.length === 0) {
    return (
      <section className="top5 ranked-list" aria-labelledby="top5-title">
        <h2 id="top5-title" className="top5__title ranked-list__title">
          Top 5
        </h2>
        <p className="top5__others-empty">{TOP5_TEXT.othersEmpty}</p>
      </section>
    );
  }

  /** Shows `next` at once and saves it; goes back to `previous` (with `failure` as a toast) if refused. */
  async function save(
    next: TopFiveEntry[],
    previous: TopFiveEntry[],
    failure: string | null,
    announcement: string,
  ): Promise<void> {
    if (me === null) return;
    setNotice(null);
    setDraft(next);
    setSaving(true);
    try {
      await write(me, 'top5.replace', {
        games: next.map((g) => ({ igdb_id: g.igdb_id })),
        base: previous.map((g) => ({ igdb_id: g.igdb_id })),
      });
      setAnnounce(announcement);
    } catch (error) {
      setDraft(previous);
      if (failure) toast.push(failure, 'error');
      throw error;
    } finally {
      setSaving(false);
    }
  }

  const choices = pickerChoices(rated ?? [], list);

  function openPicker() {
    if (saving) return;
    if (choices.length === 0) {
      setNotice(emptyChoicesText(rated?.length ?? 0));
      return;
    }
    setNotice(null);
    setPicking(true);
  }

  async function add(hit: GameHit) {
    const game = await localDb().games.get(hit.id);
    if (!game || !list || saving) throw new Error(TOP5_TEXT.addFailed);
    const current = list;
    const entry: TopFiveEntry = { igdb_id: hit.igdb_id, position: current.length + 1, game, rating: null };
    // A refusal rejects to the picker, which says 'Failed to add game' and stays open.
    await save([...current, entry], current, null, `${hit.name} added to your Top 5 at number ${current.length + 1}`);
  }

  function confirmRemove() {
    const target = removing;
    setRemoving(null);
    if (!target || !list || saving) return;
    save(
      removeGame(list, target.igdb_id),
      list,
      TOP5_TEXT.removeFailed,
      `${target.game.name} removed from your Top 5`,
    ).catch(() => undefined);
  }

  function move(from: number, to: number) {
    if (!list || saving) return;
    const moved = list[from];
    if (!moved) return;
    save(moveGame(list, from, to), list, TOP5_TEXT.orderFailed, `${moved.game.name} moved to number ${to + 1}`).catch(
      () => undefined,
    );
  }

  const firstEmpty = list.length;
  const plain = (
    <ol className="top5__slots" aria-label={owner ? 'Your Top 5' : 'Top 5'}>
      {slots(list).map((entry, i) =>
        entry ? (
          <StaticSlot key={entry.igdb_id} entry={entry} rank={i + 1} />
        ) : (
          <EmptySlot
            key={`empty-${i}`}
            rank={i + 1}
            busy={saving}
            onAdd={owner && i === firstEmpty ? openPicker : undefined}
          />
        ),
      )}
    </ol>
  );

  return (
    <section className={`top5${editing ? ' top5--editing' : ''}`} aria-labelledby="top5-title" aria-busy={saving}>
      <header className="top5__head ranked-list__head">
        <div>
          <h2 id="top5-title" className="top5__title ranked-list__title">
            Top 5
          </h2>
          {owner && (
            <p className="top5__hint">
              {editing
                ? 'Drag a game by its handle to reorder, or focus the handle and use Space and the arrow keys.'
                : 'Your five favourite games, in order.'}
            </p>
          )}
        </div>
        {owner && list.length > 0 && (
          <button
            type="button"
            className={`button ${editing ? 'button--primary' : 'button--ghost'} top5__edit`}
            aria-pressed={editing}
            onClick={() => {
              setNotice(null);
              setEditing((e) => !e);
            }}
          >
            {editing ? 'Done' : 'Edit'}
          </button>
        )}
      </header>
      {saving && (
        <p className="top5__saving" role="status">
          Saving…
        </p>
      )}
      {notice && (
        <p className="top5__notice" role="status">
          {notice}
        </p>
      )}
      {owner && editing ? (
        <Suspense fallback={plain}>
          <TopFiveEditor list={list} saving={saving} onAdd={openPicker} onRemove={setRemoving} onMove={move} />
        </Suspense>
      ) : (
        plain
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </p>
      {removing && (
        <ConfirmRemoveDialog
          gameName={removing.game.name}
          onCancel={() => setRemoving(null)}
          onConfirm={confirmRemove}
        />
      )}
      <GamePicker
        open={picking}
        title="Add to your Top 5"
        source={{ kind: 'choices', load: () => Promise.resolve(choices) }}
        onClose={() => setPicking(false)}
        onSelect={add}
      />
    </section>
  );
}

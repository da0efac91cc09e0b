// One Top 5 slot: a ranked game, or an empty slot that offers "Add game" to the owner. The
// editor's sortable slot, with its handle and remove button, is in top-five-editor.tsx.
import { Link } from 'react-router-dom';
import { releaseYearOf } from '../../../core/dates.ts';
import { formatRating } from '../../../core/format.ts';
import type { TopFiveEntry } from '../../../data/repos/lists.ts';
import { GameCover, gamePath } from '../../../ui/media/game-cover.tsx';

/** A ranked game outside the editor (visitors, and the owner until Edit): no drag code at all. */
export function StaticSlot({ entry, rank }: { entry: TopFiveEntry; rank: number }) {
  return (
    <li className="top5-slot top5-slot--filled">
      <SlotBody entry={entry} rank={rank} />
    </li>
  );
}

/** What a filled slot shows (also the floating copy while it is dragged). */
export function SlotBody({ entry, rank }: { entry: TopFiveEntry; rank: number }) {
  const year = releaseYearOf(entry.game);
  return (
    <div className="top5-slot__body">
      <span className="top5-slot__rank" aria-hidden="true">
        {rank}
      </span>
      <GameCover
        name={entry.game.name}
        url={entry.game.cover_url ?? null}
        game={entry.game}
        width={56}
        className="top5-slot__cover"
      />
      <div className="top5-slot__info">
        <Link className="top5-slot__name" to={gamePath(entry.game)} draggable={false}>
          <span className="visually-hidden">Number {rank}: </span>
          {entry.game.name}
        </Link>
        <span className="top5-slot__meta">
          {entry.rating !== null && (
            <span className="top5-slot__rating" aria-label={`Rated ${formatRating(entry.rating)} out of 10`}>
              ★ {formatRating(entry.rating)}
            </span>
          )}
          {year !== null && <span>{year}</span>}
        </span>
      </div>
    </div>
  );
}

export function EmptySlot({ rank, onAdd, busy }: { rank: number; onAdd?: () => void; busy: boolean }) {
  return (
    <li className="top5-slot top5-slot--empty">
      <span className="top5-slot__rank" aria-hidden="true">
        {rank}
      </span>
      {onAdd ? (
        <button type="button" className="top5-slot__add" onClick={onAdd} disabled={busy}>
          <span aria-hidden="true" className="top5-slot__plus">
            +
          </span>{' '}
          Add game
        </button>
      ) : (
        <span className="top5-slot__placeholder">Empty slot</span>
      )}
    </li>
  );
}

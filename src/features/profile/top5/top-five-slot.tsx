// One Top 5 slot: a ranked game (sortable in edit mode, with a handle and a remove button), or an
// empty slot that offers "Add game" to the owner.
import { useSortable } from '@dnd-kit/sortable';
import { Link } from 'react-router-dom';
import { formatRating } from '../../../core/format.ts';
import type { TopFiveEntry } from '../../../data/repos/lists.ts';
import { GameCover, gamePath } from '../../search/game-cover.tsx';

interface FilledProps {
  entry: TopFiveEntry;
  rank: number;
  editing: boolean;
  busy: boolean;
  onRemove(entry: TopFiveEntry): void;
}

export function FilledSlot({ entry, rank, editing, busy, onRemove }: FilledProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: entry.igdb_id, disabled: !editing || busy,
  });
  const style = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  return (
    <li ref={setNodeRef} style={style} className={`top5-slot top5-slot--filled${isDragging ? ' top5-slot--dragging' : ''}${editing ? ' top5-slot--editing' : ''}`}>
      <SlotBody entry={entry} rank={rank} />
      {editing && (
        <div className="top5-slot__tools">
          <button
            ref={setActivatorNodeRef}
            type="button"
            className="top5-slot__handle"
            aria-label={`Reorder ${entry.game.name}, position ${rank}`}
            disabled={busy}
            {...attributes}
            {...listeners}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              {[6, 12, 18].flatMap((y) => [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />))}
            </svg>
          </button>
          <button type="button" className="top5-slot__remove" aria-label={`Remove ${entry.game.name} from Top 5`} disabled={busy} onClick={() => onRemove(entry)}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
          </button>
        </div>
      )}
    </li>
  );
}

/** What a filled slot shows (also the floating copy while it is dragged). */
export function SlotBody({ entry, rank }: { entry: TopFiveEntry; rank: number }) {
  const year = entry.game.release_date?.slice(0, 4) ?? (entry.game.first_release_date ? new Date(entry.game.first_release_date * 1000).getUTCFullYear() : null);
  return (
    <div className="top5-slot__body">
      <span className="top5-slot__rank" aria-hidden="true">{rank}</span>
      <GameCover name={entry.game.name} url={entry.game.cover_url ?? null} width={56} className="top5-slot__cover" />
      <div className="top5-slot__info">
        <Link className="top5-slot__name" to={gamePath(entry.game)} draggable={false}>
          <span className="visually-hidden">Number {rank}: </span>{entry.game.name}
        </Link>
        <span className="top5-slot__meta">
          {entry.rating !== null && <span className="top5-slot__rating" aria-label={`Rated ${formatRating(entry.rating)} out of 10`}>★ {formatRating(entry.rating)}</span>}
          {year && <span>{year}</span>}
        </span>
      </div>
    </div>
  );
}

export function EmptySlot({ rank, onAdd, busy }: { rank: number; onAdd?: () => void; busy: boolean }) {
  return (
    <li className="top5-slot top5-slot--empty">
      <span className="top5-slot__rank" aria-hidden="true">{rank}</span>
      {onAdd ? (
        <button type="button" className="top5-slot__add" onClick={onAdd} disabled={busy}>
          <span aria-hidden="true" className="top5-slot__plus">+</span> Add game
        </button>
      ) : (
        <span className="top5-slot__placeholder">Empty slot</span>
      )}
    </li>
  );
}

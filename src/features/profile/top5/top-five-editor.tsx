// The owner's Top 5 editor: the slots sortable by drag or keyboard, each with
// a handle and a remove button. It and dnd-kit download when the owner first presses Edit, not
// with every profile (top-five-section.tsx shows the plain slots meanwhile).
import {
  closestCenter,
  DndContext,
  DragOverlay,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { useRef, useState } from 'react';
import { DRAG_DROP_MS, DRAG_VIBRATE_MS, slots } from '../../../core/top5.ts';
import type { TopFiveEntry } from '../../../data/repos/lists.ts';
import { PHONE, useMediaQuery } from '../../../ui/layout/media-query.ts';
import { EmptySlot, SlotBody } from './top-five-slot.tsx';
import { useDragSensors } from './use-drag-sensors.ts';

export interface TopFiveEditorProps {
  readonly list: readonly TopFiveEntry[];
  readonly saving: boolean;
  /** The empty slot that offers "Add game" opens the picker with this. */
  onAdd(): void;
  onRemove(entry: TopFiveEntry): void;
  /** The game at `from` was dropped at `to` (indexes in `list`). */
  onMove(from: number, to: number): void;
}

export default function TopFiveEditor({ list, saving, onAdd, onRemove, onMove }: TopFiveEditorProps) {
  const sensors = useDragSensors(useMediaQuery(PHONE));
  const [dragged, setDragged] = useState<number | null>(null);

  function onDragStart(event: DragStartEvent) {
    setDragged(Number(event.active.id));
    // Not every browser can vibrate (iOS Safari, desktops): then there is no buzz.
    if ('vibrate' in navigator) navigator.vibrate(DRAG_VIBRATE_MS);
  }

  function onDragEnd(event: DragEndEvent) {
    setDragged(null);
    const { active, over } = event;
    if (!over || active.id === over.id || saving) return;
    const from = list.findIndex((g) => g.igdb_id === active.id);
    const to = list.findIndex((g) => g.igdb_id === over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  // What a screen reader hears at each step, by name and position (dnd-kit's own lines name ids).
  const nameOf = (id: UniqueIdentifier) => list.find((g) => g.igdb_id === id)?.game.name ?? 'The game';
  const positionOf = (id: UniqueIdentifier) => list.findIndex((g) => g.igdb_id === id) + 1;
  const of = `of ${list.length}`;
  // dnd-kit reports the game over its own slot right after the pick-up: that is no move, and
  // announcing it would cut off "Picked up …".
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} ${of}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return `${nameOf(active.id)} moved to position ${positionOf(over.id)} ${of}.`;
    },
    onDragEnd: ({ active, over }) =>
      `${nameOf(active.id)} dropped at position ${positionOf(over?.id ?? active.id)} ${of}.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled. ${nameOf(active.id)} stays at position ${positionOf(active.id)} ${of}.`,
  };

  const draggedEntry = dragged === null ? null : (list.find((g) => g.igdb_id === dragged) ?? null);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To pick up a game, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
        },
      }}
    >
      <SortableContext items={list.map((g) => g.igdb_id)} strategy={rectSortingStrategy}>
        <ol className="top5__slots" aria-label="Your Top 5">
          {slots(list).map((entry, i) =>
            entry ? (
              <SortableSlot key={entry.igdb_id} entry={entry} rank={i + 1} busy={saving} onRemove={onRemove} />
            ) : (
              <EmptySlot key={`empty-${i}`} rank={i + 1} busy={saving} onAdd={i === list.length ? onAdd : undefined} />
            ),
          )}
        </ol>
      </SortableContext>
      <DragOverlay dropAnimation={{ duration: DRAG_DROP_MS, easing: 'cubic-bezier(0.2, 0, 0, 1)' }}>
        {draggedEntry ? (
          <div className="top5-slot top5-slot--filled top5-slot--overlay">
            <SlotBody entry={draggedEntry} rank={list.indexOf(draggedEntry) + 1} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function SortableSlot({
  entry,
  rank,
  busy,
  onRemove,
}: {
  entry: TopFiveEntry;
  rank: number;
  busy: boolean;
  onRemove(entry: TopFiveEntry): void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: entry.igdb_id,
    disabled: busy,
  });
  const style = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`top5-slot top5-slot--filled top5-slot--editing${isDragging ? ' top5-slot--dragging' : ''}`}
    >
      <SlotBody entry={entry} rank={rank} />
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
            {[6, 12, 18].flatMap((y) =>
              [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" fill="currentColor" />),
            )}
          </svg>
        </button>
        <button
          type="button"
          className="top5-slot__remove"
          aria-label={`Remove ${entry.game.name} from Top 5`}
          disabled={busy}
          onClick={() => onRemove(entry)}
        >
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </li>
  );
}

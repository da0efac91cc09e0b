// One session of the play journal: the day, time played, platform, note, and its marks (private,
// not synced yet). The member's own sessions can be edited in place and deleted after an inline
// confirmation (no dialog). An edit offers the game's platforms wherever it happens (the game page,
// the profile's Journal tab), keeping the session's own platform selectable.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMinutes, formatPlayDay } from '../../core/journal/journal.ts';
import type { GameRow } from '../../store/db.ts';
import type { JournalEntry } from '../../data/journal/journal.ts';
import { JournalForm } from './journal-form.tsx';
import type { JournalActions } from './use-journal-actions.ts';
import { usePlatformOptions } from './use-platform-options.ts';
import './journal.css';

interface Props {
  readonly entry: JournalEntry;
  /** Name the game (the profile's list); the game page's list is all one game. */
  readonly showGame?: boolean;
  /** The member's own session: edit and delete. */
  readonly actions?: JournalActions;
  /** The game whose platforms an edit offers; else the entry's own game (the profile's list). */
  readonly game?: Pick<GameRow, 'platforms'>;
}

export function JournalEntryItem({ entry, showGame = false, actions, game }: Props) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const [failure, setFailure] = useState<string | null>(null);
  const day = formatPlayDay(entry.played_on);
  // Saving or cancelling an edit gives focus back to the session's Edit button (the form is gone).
  const editButton = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (mode !== 'view' || !refocus.current) return;
    refocus.current = false;
    editButton.current?.focus();
  }, [mode]);

  if (mode === 'edit' && actions) {
    const close = () => {
      refocus.current = true;
      setMode('view');
    };
    return (
      <li className="journal-entry journal-entry--editing">
        {showGame && entry.game && <p className="journal-entry__game">{entry.game.name}</p>}
        <EntryEditor entry={entry} game={game ?? entry.game} actions={actions} onClose={close} />
      </li>
    );
  }

  const remove = async () => {
    if (!actions) return;
    try {
      await actions.remove(entry.key);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The session could not be deleted');
      setMode('view');
    }
  };

  return (
    <li className="journal-entry">
      <div className="journal-entry__main">
        <p className="journal-entry__head">
          <time className="journal-entry__day" dateTime={entry.played_on}>
            {day}
          </time>
          <span className="journal-entry__minutes">{formatMinutes(entry.minutes)}</span>
          {entry.platform && <span className="journal-entry__platform">{entry.platform}</span>}
          {entry.is_private && <span className="journal-entry__mark journal-entry__mark--private">Private</span>}
          {entry.pending && (
            <span
              className="journal-entry__mark journal-entry__mark--pending"
              title="Saved on this device; it is sent when you are online"
            >
              Not synced yet
            </span>
          )}
        </p>
        {showGame && entry.game && (
          <p className="journal-entry__game">
            {entry.game.slug ? <Link to={`/game/${entry.game.slug}`}>{entry.game.name}</Link> : entry.game.name}
          </p>
        )}
        {entry.note && <p className="journal-entry__note">{entry.note}</p>}
        {failure && (
          <p className="journal-entry__failure error" role="alert">
            {failure}
          </p>
        )}
      </div>
      {actions && mode === 'view' && (
        <div className="journal-entry__actions">
          <button
            type="button"
            className="journal-entry__action"
            ref={editButton}
            onClick={() => setMode('edit')}
            aria-label={`Edit session of ${day}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="journal-entry__action"
            onClick={() => setMode('confirm')}
            aria-label={`Delete session of ${day}`}
          >
            Delete
          </button>
        </div>
      )}
      {actions && mode === 'confirm' && (
        <div className="journal-entry__confirm" role="group" aria-label="Confirm deletion">
          <span>Delete this session?</span>
          <button
            type="button"
            className="button journal-entry__delete"
            onClick={() => {
              void remove();
            }}
            autoFocus
          >
            Delete
          </button>
          <button type="button" className="button button--ghost" onClick={() => setMode('view')}>
            Keep
          </button>
        </div>
      )}
    </li>
  );
}

interface EditorProps {
  readonly entry: JournalEntry;
  readonly game: Pick<GameRow, 'platforms'> | null;
  readonly actions: JournalActions;
  readonly onClose: () => void;
}

function EntryEditor({ entry, game, actions, onClose }: EditorProps) {
  const platforms = usePlatformOptions(game, { id: entry.platform_id, label: entry.platform });
  return (
    <JournalForm
      initial={{
        played_on: entry.played_on,
        minutes: String(entry.minutes),
        platform_id: entry.platform_id,
        note: entry.note ?? '',
        is_private: entry.is_private,
      }}
      platforms={platforms}
      submitLabel="Save changes"
      onCancel={onClose}
      onSubmit={async (values) => {
        await actions.update(entry.key, values);
        onClose();
      }}
    />
  );
}

// The game page's "Play journal", for the signed-in member: log a session, the list of
// their sessions of this game (edit, delete) and the time played in total. Read from the device,
// so it works offline; a session waiting to sync says so.
import { formatMinutes } from '../../core/journal/journal.ts';
import type { GameRow } from '../../store/db.ts';
import { useLive } from '../../data/live.ts';
import { loadGameJournal } from '../../data/journal/journal.ts';
import { JournalEntryItem } from './journal-entry.tsx';
import { JournalForm, emptyJournalValues } from './journal-form.tsx';
import { useJournalActions } from './use-journal-actions.ts';
import { usePlatformOptions } from './use-platform-options.ts';
import './journal.css';

export function GameJournal({ game, memberId }: { readonly game: GameRow; readonly memberId: number }) {
  const view = useLive((db) => loadGameJournal(db, memberId, game.igdb_id), [memberId, game.igdb_id]);
  const platforms = usePlatformOptions(game);
  const actions = useJournalActions(memberId, game);
  const count = view?.entries.length ?? 0;

  return (
    <section className="card game-journal" aria-labelledby="game-journal-title">
      <header className="game-journal__header">
        <h2 id="game-journal-title" className="game-journal__title">
          Play journal
        </h2>
        {count > 0 && view && (
          <p className="game-journal__total" aria-live="polite">
            <span className="game-journal__total-time">{formatMinutes(view.totalMinutes)}</span>
            <span className="game-journal__total-label">
              {' '}
              played · {count} {count === 1 ? 'session' : 'sessions'}
            </span>
          </p>
        )}
      </header>
      <JournalForm
        initial={emptyJournalValues()}
        platforms={platforms}
        submitLabel="Log session"
        resetAfterSubmit
        onSubmit={actions.add}
      />
      {view && count === 0 && (
        <p className="game-journal__empty">No sessions logged yet. Your first one starts the tally.</p>
      )}
      {count > 0 && (
        <ul className="journal-list" aria-label="My sessions of this game">
          {view?.entries.map((e) => (
            <JournalEntryItem key={e.key} entry={e} actions={actions} game={game} />
          ))}
        </ul>
      )}
    </section>
  );
}

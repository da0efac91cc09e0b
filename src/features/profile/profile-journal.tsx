// The profile's "Journal" tab: sessions newest first, grouped by month, with the time played in
// total. My own come from the device (private ones and those not synced yet included, editable);
// another member's from the server, only the public ones (offline, as last shown on this device).
// The filter box (?q=) finds sessions by game, note or platform, typos forgiven, over what the
// device holds; JOURNAL_PAGE sessions show at first, "Show more" adds the next, so a journal of
// thousands never renders at once.
import { useState } from 'react';
import { formatRelativeTime } from '../../core/dates.ts';
import { formatMinutes, groupByMonth } from '../../core/journal/journal.ts';
import { useLive } from '../../data/live.ts';
import { loadOwnJournal, type JournalEntry } from '../../data/journal/journal.ts';
import { countText, FilterBox } from './library/filter-box.tsx';
import { useLibraryQuery } from './library/use-library-query.ts';
import { useTextFilter } from './library/use-text-filter.ts';
import { JournalEntryItem, useJournalActions, type JournalActions } from '../journal/index.ts';
import { useUserJournal } from './use-user-journal.ts';

export function ProfileJournal({ userId, isOwn }: { readonly userId: number; readonly isOwn: boolean }) {
  // The profile's tab panel shows once who is looking is known (isAuthSettled): isOwn does not change.
  return isOwn ? <OwnJournal me={userId} /> : <MemberJournal userId={userId} />;
}

function LoadingJournal() {
  return (
    <p className="profile-journal__status" aria-busy="true">
      Loading journal…
    </p>
  );
}

function OwnJournal({ me }: { readonly me: number }) {
  const view = useLive((db) => loadOwnJournal(db, me), [me]);
  const actions = useJournalActions(me, null);
  if (!view) return <LoadingJournal />;
  if (view.entries.length === 0) {
    return <p className="profile-journal__empty empty">No play sessions yet. Log one from any game's page.</p>;
  }
  return (
    <JournalMonths
      entries={view.entries}
      totalMinutes={view.totalMinutes}
      count={view.entries.length}
      actions={actions}
    />
  );
}

function MemberJournal({ userId }: { readonly userId: number }) {
  const { state, retry, loadMore, online } = useUserJournal(userId);
  if (state.status === 'loading') return <LoadingJournal />;
  if (state.status === 'offline-empty')
    return (
      <p className="profile-journal__status" role="status">
        You're offline: this member's journal shows when you're back online.
      </p>
    );
  if (state.status === 'error') {
    return (
      <div className="profile-journal__status" role="alert">
        <p>The journal couldn't be loaded.</p>
        <button type="button" className="button button--ghost" onClick={retry}>
          Try Again
        </button>
      </div>
    );
  }
  const {
    value: { entries, more, totalMinutes, count },
    savedAt,
    loadingMore,
    moreFailed,
  } = state;
  const saved = savedAt !== null && (
    <p className="profile-journal__saved" role="status">
      {online ? "Couldn't refresh" : "You're offline"} — showing the journal saved on this device{' '}
      {formatRelativeTime(savedAt)}.
    </p>
  );
  if (entries.length === 0)
    return (
      <>
        {saved}
        <p className="profile-journal__empty empty">No public play sessions yet.</p>
      </>
    );
  return (
    <>
      {saved}
      <JournalMonths entries={entries} totalMinutes={totalMinutes} count={count} />
      {more && (
        <div className="profile-journal__more">
          <button type="button" className="button button--ghost" onClick={loadMore} disabled={loadingMore || !online}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
          {moreFailed && (
            <p className="error" role="alert">
              More sessions couldn't be loaded.
            </p>
          )}
        </div>
      )}
    </>
  );
}

interface MonthsProps {
  readonly entries: readonly JournalEntry[];
  readonly totalMinutes: number;
  readonly count: number;
  readonly actions?: JournalActions;
}

/** Sessions shown at first, and more per "Show more". */
export const JOURNAL_PAGE = 100;

function JournalMonths({ entries, totalMinutes, count, actions }: MonthsProps) {
  const [query, change] = useLibraryQuery();
  const [pages, setPages] = useState(1);
  const found =
    useTextFilter(entries, (e) => `${e.game?.name ?? ''} ${e.note ?? ''} ${e.platform ?? ''}`, query.text) ?? entries;
  const shown = found.slice(0, pages * JOURNAL_PAGE);
  return (
    <div className="profile-journal">
      <p className="profile-journal__total">
        <span className="profile-journal__total-time">{formatMinutes(totalMinutes)}</span>
        <span className="profile-journal__total-label">
          {' '}
          played · {count} {count === 1 ? 'session' : 'sessions'}
        </span>
      </p>
      <FilterBox
        label="Filter sessions"
        value={query.text}
        onChange={(text) => {
          change({ text });
          setPages(1);
        }}
        count={countText(found.length, entries.length, ['session', 'sessions'])}
      />
      {found.length === 0 && <p className="profile-journal__empty empty">No sessions match this search.</p>}
      {groupByMonth(shown).map((month) => (
        <section key={month.key} className="profile-journal__month" aria-labelledby={`journal-month-${month.key}`}>
          <h3 id={`journal-month-${month.key}`} className="profile-journal__month-title">
            {month.label}
            <span className="profile-journal__month-total">{formatMinutes(month.minutes)}</span>
          </h3>
          <ul className="journal-list">
            {month.entries.map((e) => (
              <JournalEntryItem key={e.key} entry={e} showGame actions={actions} />
            ))}
          </ul>
        </section>
      ))}
      {found.length > shown.length && (
        <div className="list-more">
          <button type="button" className="button button--ghost" onClick={() => setPages(pages + 1)}>
            Show more ({found.length - shown.length} left)
          </button>
        </div>
      )}
    </div>
  );
}

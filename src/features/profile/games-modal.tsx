// A member's games: All Games, Started (started, not finished) and Finished, newest first, each
// linking to its game page. The filter box narrows the tab's list as one types; a long list is
// windowed.
import { memo, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { compareMoments } from '../../core/dates.ts';
import { GAMES_TABS, type GamesTab } from '../../core/profile.ts';
import type { GameRow } from '../../store/db.ts';
import { useLive } from '../../data/live.ts';
import { loadMemberGames } from '../../data/repos/profile.ts';
import { GameCover, gamePath } from '../../ui/media/game-cover.tsx';
import { countText, FilterBox } from './library/filter-box.tsx';
import { useTextFilter } from './library/use-text-filter.ts';
import { WindowedList } from './library/windowed-list.tsx';
import { ListSkeleton, ProfileModal, SegmentedButtons } from './profile-modal.tsx';
import { shortDate } from './profile-dates.ts';

interface Entry {
  key: string;
  game: GameRow;
  finished: boolean;
  date: string | null;
}

const NONE: Entry[] = [];

export function GamesModal({
  userId,
  username,
  onClose,
}: {
  readonly userId: number;
  readonly username: string;
  readonly onClose: () => void;
}) {
  const [tab, setTab] = useState<GamesTab>('all');
  const [text, setText] = useState('');
  // Read when the modal opens (the profile's header reads no game rows).
  const games = useLive((db) => loadMemberGames(db, userId), [userId]);
  const lists = useMemo((): Record<GamesTab, Entry[]> | undefined => {
    if (!games) return undefined;
    const started: Entry[] = games.started.map((s) => ({
      key: `s${s.game.id}`,
      game: s.game,
      finished: false,
      date: s.started_date,
    }));
    const finished: Entry[] = games.finished.map((f) => ({
      key: `f${f.game.id}`,
      game: f.game,
      finished: true,
      date: f.completed_date,
    }));
    const all = [...started, ...finished].sort((a, b) => compareMoments(b.date, a.date));
    return { all, started, finished };
  }, [games]);
  const tabList = lists?.[tab] ?? NONE;
  const shown = useTextFilter(tabList, (e) => e.game.name, text) ?? tabList;
  const counts = GAMES_TABS.map((t) => ({ ...t, count: lists?.[t.value].length ?? 0 }));
  const empty: Record<GamesTab, string> = {
    all: 'No games started or finished yet.',
    started: 'No games in progress.',
    finished: 'No finished games yet.',
  };
  return (
    <ProfileModal
      title={`${username}'s Games`}
      onClose={onClose}
      toolbar={
        <>
          <SegmentedButtons label="Games" options={counts} value={tab} onChange={setTab} />
          {tabList.length > 0 && (
            <FilterBox
              // Not "Filter games": the Library tab's search behind the dialog has that name.
              label={`Filter ${username}'s games`}
              value={text}
              onChange={setText}
              count={countText(shown.length, tabList.length, ['game', 'games'])}
            />
          )}
        </>
      }
    >
      {lists === undefined ? (
        <ListSkeleton />
      ) : tabList.length === 0 ? (
        <p className="profile-modal__empty">{empty[tab]}</p>
      ) : shown.length === 0 ? (
        <p className="profile-modal__empty">No games match this search.</p>
      ) : (
        <WindowedList
          items={shown}
          itemKey={(e) => e.key}
          estimate={64}
          scroller="parent"
          className="profile-game-list"
          renderItem={(e) => <GameEntry entry={e} onOpen={onClose} />}
        />
      )}
    </ProfileModal>
  );
}

// Memoised: the windowed list renders again on every scroll step; rows already shown stay as they are.
const GameEntry = memo(function GameEntry({
  entry: e,
  onOpen,
}: {
  readonly entry: Entry;
  readonly onOpen: () => void;
}) {
  return (
    <Link to={gamePath(e.game)} className="profile-game-list__row" onClick={onOpen}>
      <GameCover name={e.game.name} url={e.game.cover_url ?? null} game={e.game} width={44} />
      <span className="profile-game-list__text">
        <span className="profile-game-list__name">{e.game.name}</span>
        {e.date && (
          <span className="profile-game-list__meta">
            {e.finished ? 'Finished' : 'Started'} {shortDate(e.date)}
          </span>
        )}
      </span>
      <span className={`profile-badge profile-badge--${e.finished ? 'finished' : 'started'}`}>
        {e.finished ? 'Finished' : 'Started'}
      </span>
    </Link>
  );
});

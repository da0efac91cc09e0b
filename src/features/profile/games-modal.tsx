// A member's games (spec 002 §2 Modals, §4 Progress tabs): All Games, Started (started, not
// finished) and Finished, newest first, each linking to its game page. The filter box narrows the
// tab's list as one types (issue 18 §3); a long list is windowed (§4).
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { GAMES_TABS, type GamesTab } from '../../core/profile.ts';
import type { ProfileData } from '../../data/repos/profile.ts';
import { GameCover, gamePath } from '../search/game-cover.tsx';
import { countText, FilterBox } from './library/filter-box.tsx';
import { useTextFilter } from './library/use-text-filter.ts';
import { WindowedList } from './library/windowed-list.tsx';
import { ProfileModal, SegmentedButtons } from './profile-modal.tsx';
import { shortDate } from './profile-dates.ts';

interface Entry { key: string; game: NonNullable<ProfileData['started'][number]['game']>; finished: boolean; date: string | null }

export function GamesModal({ data, onClose }: { readonly data: ProfileData; readonly onClose: () => void }) {
  const [tab, setTab] = useState<GamesTab>('all');
  const [text, setText] = useState('');
  const lists = useMemo((): Record<GamesTab, Entry[]> => {
    const started: Entry[] = data.started.flatMap((s) => (s.game ? [{ key: `s${s.game.id}`, game: s.game, finished: false, date: s.started_date }] : []));
    const finished: Entry[] = data.finished.flatMap((f) => (f.game ? [{ key: `f${f.game.id}`, game: f.game, finished: true, date: f.completed_date }] : []));
    const all = [...started, ...finished].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
    return { all, started, finished };
  }, [data]);
  const tabList = lists[tab];
  const shown = useTextFilter(tabList, (e) => e.game.name, text) ?? tabList;
  const counts = GAMES_TABS.map((t) => ({ ...t, count: lists[t.value].length }));
  const empty: Record<GamesTab, string> = {
    all: 'No games started or finished yet.', started: 'No games in progress.', finished: 'No finished games yet.',
  };
  return (
    <ProfileModal title={`${data.user.username}'s Games`} onClose={onClose}
      toolbar={(
        <>
          <SegmentedButtons label="Games" options={counts} value={tab} onChange={setTab} />
          {tabList.length > 0 && <FilterBox label="Filter games" value={text} onChange={setText} count={countText(shown.length, tabList.length, ['game', 'games'])} />}
        </>
      )}>
      {tabList.length === 0 ? <p className="profile-modal__empty">{empty[tab]}</p> : shown.length === 0 ? <p className="profile-modal__empty">No games match this search.</p> : (
        <WindowedList items={shown} itemKey={(e) => e.key} estimate={64} scroller="parent" className="profile-game-list" renderItem={(e) => (
              <Link to={gamePath(e.game)} className="profile-game-list__row" onClick={onClose}>
                <GameCover name={e.game.name} url={e.game.cover_url ?? null} game={e.game} width={44} />
                <span className="profile-game-list__text">
                  <span className="profile-game-list__name">{e.game.name}</span>
                  {e.date && <span className="profile-game-list__meta">{e.finished ? 'Finished' : 'Started'} {shortDate(e.date)}</span>}
                </span>
                <span className={`profile-badge profile-badge--${e.finished ? 'finished' : 'started'}`}>{e.finished ? 'Finished' : 'Started'}</span>
              </Link>
        )} />
      )}
    </ProfileModal>
  );
}

// The related blocks beneath the ratings: on a DLC-type page the 'Main Game' card; on
// a main game (category absent or 0) 'Additional Content' and 'Mods & Fan Content'. The network is
// asked (our database's related games and the catalogue function's bulk queries); failures leave
// the blocks out silently, as the spec says. Offline the device's copy of the parent still shows.
import { useEffect, useState } from 'react';
import { dlcCarousel, isDlcCategory, modsCarousel, type CarouselGame } from '../../core/game-page.ts';
import type { GameRow } from '../../store/db.ts';
import { fetchDlcs, fetchMods, fetchParent, type RemoteGamePage } from '../../data/games-remote.ts';
import { useLive } from '../../data/live.ts';
import { Carousel, MainGameCard } from './carousels.tsx';
import { releaseYearOf } from '../../core/dates.ts';

interface Related {
  readonly key: string;
  readonly parent: CarouselGame | null;
  readonly dlcs: CarouselGame[];
  readonly mods: CarouselGame[];
}

const MODS_NOTE = 'Community-created content and modifications';

export function RelatedContent({
  game,
  remote,
  online,
}: {
  readonly game: GameRow;
  readonly remote: RemoteGamePage | null;
  readonly online: boolean;
}) {
  const igdbId = game.igdb_id;
  const dlcPage = isDlcCategory(game.category);
  const mainPage = game.category === null || game.category === undefined || game.category === 0;
  const key = `${igdbId}:${remote ? 'r' : '-'}`;
  const [related, setRelated] = useState<Related | null>(null);
  const parentId = typeof game.parent_game === 'number' ? game.parent_game : null;
  const localParent = useLive(
    async (db) => {
      if (!dlcPage || parentId === null) return null;
      const rows = await db.games.where('igdb_id').equals(parentId).toArray();
      return rows.sort((a, b) => b.id - a.id)[0] ?? null;
    },
    [dlcPage, parentId],
  );

  useEffect(() => {
    if (!online || (!dlcPage && !mainPage)) return;
    const controller = new AbortController();
    const { signal } = controller;
    void (async () => {
      if (dlcPage) {
        const parent = remote?.parent ?? (await fetchParent(igdbId, signal));
        if (!signal.aborted) setRelated({ key, parent, dlcs: [], mods: [] });
        return;
      }
      const [dlcs, mods] = await Promise.all([fetchDlcs(igdbId, signal), fetchMods(igdbId, signal)]);
      if (signal.aborted) return;
      const nowSeconds = Math.floor(Date.now() / 1000);
      setRelated({
        key,
        parent: null,
        dlcs: dlcCarousel([...(remote?.dlcs ?? []), ...dlcs], igdbId),
        mods: modsCarousel(mods, igdbId, nowSeconds),
      });
    })();
    return () => controller.abort();
  }, [key, igdbId, dlcPage, mainPage, online, remote]);

  const current = related?.key === key ? related : null;
  if (dlcPage) {
    const parent = current?.parent ?? (localParent ? toCarouselGame(localParent) : null);
    return parent ? <MainGameCard game={parent} /> : null;
  }
  if (!current) return null;
  return (
    <>
      {current.dlcs.length > 0 && <Carousel title="Additional Content" games={current.dlcs} />}
      {current.mods.length > 0 && (
        <Carousel title="Mods & Fan Content" games={current.mods} note={MODS_NOTE} badge="MOD" />
      )}
    </>
  );
}

function toCarouselGame(g: GameRow): CarouselGame {
  return {
    igdb_id: g.igdb_id,
    name: g.name,
    slug: g.slug,
    cover_url: g.cover_url ?? null,
    category: g.category ?? null,
    first_release_date: typeof g.first_release_date === 'number' ? g.first_release_date : null,
    release_year: releaseYearOf(g),
    summary: g.summary ?? null,
  };
}

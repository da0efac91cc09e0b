// Where the game page's data comes from: the device answers at once (a live query over IndexedDB);
// online, get_game_page resolves the identifier on the server (or the catalogue function, for a
// game our database does not have yet, kept as a stand-in), and a read-through brings the game,
// its reviews and their authors into the device, which re-renders the live query.
import { useEffect, useMemo, useState } from 'react';
import { ratingSummary } from '../../core/game-page.ts';
import { validGameIdentifier } from '../../core/route-params.ts';
import { fetchGamePage, openCatalogueGame, type RemoteGamePage } from '../../data/games-remote.ts';
import { useLive, useOnline, useReadThrough, type FreshnessState } from '../../data/live.ts';
import { loadGamePage, type GamePageData } from '../../data/repos/game-page.ts';

export const NOT_FOUND = 'Game not found';
export const INVALID_IDENTIFIER = 'Invalid or missing game identifier';
const OFFLINE_MISSING = "You're offline and this game isn't saved on this device yet.";

type Lookup =
  | { readonly status: 'pending' }
  | { readonly status: 'found'; readonly page: RemoteGamePage }
  | { readonly status: 'catalogue' }
  | { readonly status: 'missing' }
  | { readonly status: 'error'; readonly message: string };

/** Server answers by identifier, kept for this tab: the slug the address moves to is already known. */
const answers = new Map<string, RemoteGamePage>();

export type GamePageView =
  | { readonly kind: 'loading' }
  | { readonly kind: 'error'; readonly message: string }
  | {
      readonly kind: 'loaded';
      readonly data: GamePageData;
      readonly remote: RemoteGamePage | null;
      readonly freshness: FreshnessState;
      readonly online: boolean;
    };

/** Whether the identifier names this game (the slug the address moved to, or one of its ids). */
const names = (data: GamePageData, identifier: string) =>
  data.game.slug === identifier.toLowerCase() ||
  String(data.game.igdb_id) === identifier ||
  String(data.game.id) === identifier;

export function useGamePage(identifier: string, memberId: number | null, attempt: number): GamePageView {
  const online = useOnline();
  const answer = useLive(
    async (db) => ({ identifier, data: await loadGamePage(db, identifier, memberId) }),
    [identifier, memberId],
  );
  // A live query keeps its last answer while the next one runs: the previous game's must not show
  // (nor move the address back to its slug).
  // The server's answer for an identifier already asked in this tab is known at once (the slug the
  // address moves to): the page keeps showing it instead of a skeleton for a render.
  const cached = answers.get(identifier);
  // So is the device's "not here" for the game under its other name (the page shown from the
  // server's answer moves the address from the id to the slug while the device still says null).
  const sameGameAbsent =
    answer?.data === null && cached !== undefined && answers.get(answer.identifier)?.id === cached.id;
  const local =
    answer?.identifier === identifier || (answer?.data && names(answer.data, identifier)) || sameGameAbsent
      ? answer.data
      : undefined;
  const valid = validGameIdentifier(identifier);
  const [lookup, setLookup] = useState<{ key: string; value: Lookup }>({ key: '', value: { status: 'pending' } });
  const key = `${identifier}#${attempt}`;
  const current: Lookup =
    lookup.key === key ? lookup.value : cached ? { status: 'found', page: cached } : { status: 'pending' };

  useEffect(() => {
    if (!valid || !online) return;
    const known = answers.get(identifier);
    if (known) {
      setLookup({ key, value: { status: 'found', page: known } });
      return;
    }
    const controller = new AbortController();
    const settle = (value: Lookup) => {
      if (!controller.signal.aborted) setLookup({ key, value });
    };
    (async () => {
      const page = await fetchGamePage(identifier, controller.signal);
      if (page) {
        answers.set(identifier, page);
        if (page.slug) answers.set(page.slug, page);
        return settle({ status: 'found', page });
      }
      // Not in our database: a numeric id may still be a game of the external catalogue.
      if (/^\d+$/.test(identifier) && (await openCatalogueGame(Number(identifier), controller.signal)))
        return settle({ status: 'catalogue' });
      settle({ status: 'missing' });
    })().catch((error: unknown) =>
      settle({ status: 'error', message: error instanceof Error ? error.message : NOT_FOUND }),
    );
    return () => controller.abort();
  }, [identifier, key, online, valid]);

  const serverId = current.status === 'found' ? current.page.id : local && local.game.id > 0 ? local.game.id : null;
  const freshness = useReadThrough(serverId === null ? null : { game_ids: [serverId] }, `${serverId ?? ''}#${attempt}`);

  // Kept while the answer is (the header compares the ratings it was given by identity).
  const answered = current.status === 'found' ? current.page : null;
  const fromAnswer = useMemo(
    (): GamePageData | null => answered && { game: answered.row, ratings: ratingSummary([]), reviews: [], me: null },
    [answered],
  );

  if (!valid) return { kind: 'error', message: INVALID_IDENTIFIER };
  // A signed-out visitor: until the device has the game, it shows from the server's answer at once,
  // as the device will show it once stored (the same row, no reviews nor ratings yet). Not after
  // the database has opened (made on a first visit), the write and the live query's next read: on
  // a slow phone the answer is in a second before those are done, and the page's largest paint
  // (the summary) waited for them. A member waits for the device, which may hold their own rows.
  if (!local && online && memberId === null && fromAnswer) {
    return {
      kind: 'loaded',
      data: fromAnswer,
      remote: current.status === 'found' ? current.page : null,
      freshness,
      online,
    };
  }
  if (local === undefined) return { kind: 'loading' };
  if (local !== null) {
    return { kind: 'loaded', data: local, remote: current.status === 'found' ? current.page : null, freshness, online };
  }
  if (!online) return { kind: 'error', message: OFFLINE_MISSING };
  switch (current.status) {
    case 'pending':
    case 'catalogue':
      return { kind: 'loading' };
    case 'found':
      // The read-through brings the row and the live query shows it; only a failed fetch is an error.
      return freshness === 'failed' ? { kind: 'error', message: 'Failed to load game' } : { kind: 'loading' };
    case 'missing':
      return { kind: 'error', message: NOT_FOUND };
    case 'error':
      return { kind: 'error', message: current.message };
  }
}

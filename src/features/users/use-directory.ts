// What the directory shows for an address: the server's page (saved on the device as it arrives),
// or — offline, or when the server cannot be reached — the answer saved for that address, the last
// whole directory saved, or the members this device knows (for a search, the search service's).
import { useEffect, useState } from 'react';
import {
  DirectoryAnswerError,
  directorySearch,
  LOAD_USERS_FAILED,
  UNEXPECTED_LOAD_ERROR,
  type DirectoryAnswer,
  type DirectoryParams,
} from '../../core/directory.ts';
import { MIN_QUERY_LENGTH } from '../../core/search/constants.ts';
import { localDb } from '../../data/backend.ts';
import { browserDirectoryCache } from '../../data/directory-cache.ts';
import { membersOnDevice } from '../../data/directory-device.ts';
import { onServerReached } from '../../store/events.ts';
import { useOnline } from '../../data/live.ts';
import type { UserHit } from '../../data/search/types.ts';
import { DirectoryRequestError, fetchDirectory } from '../../data/users-remote.ts';
import { useSearchService } from '../../ui/search/search-context.tsx';

const cache = browserDirectoryCache();

export type Shown =
  | { readonly kind: 'server'; readonly answer: DirectoryAnswer }
  /** A saved answer; `exact` false: the last whole directory, not this address's. */
  | { readonly kind: 'saved'; readonly answer: DirectoryAnswer; readonly savedAt: number; readonly exact: boolean }
  /** Members of this device matching the search (no counts). */
  | { readonly kind: 'device'; readonly users: readonly UserHit[] };

export interface DirectoryState {
  /** null while the first answer for this address is on its way. */
  readonly shown: Shown | null;
  readonly loading: boolean;
  /** The spec's load error, when nothing better could be shown or the server refused. */
  readonly error: string | null;
  /** True when the device is offline or the server could not be reached. */
  readonly unreachable: boolean;
  readonly online: boolean;
}

interface Settled {
  readonly key: string;
  readonly shown: Shown | null;
  readonly error: string | null;
  readonly unreachable: boolean;
}

/**
 * `member` is the signed-in member (the answer depends on who asks: the caller is hidden and
 * follows are theirs); `authReady` false holds the request until the session has been read.
 */
export function useDirectory(
  params: DirectoryParams,
  member: number | null,
  authReady: boolean,
  run: number,
): DirectoryState {
  const service = useSearchService();
  const online = useOnline();
  const search = directorySearch(params);
  // Bumped when a sync reaches the server after this screen could not: the directory asks again.
  const [reached, setReached] = useState(0);
  const key = `${member ?? 'guest'}|${search}|${run}|${online ? 'on' : 'off'}|${reached}`;
  const [settled, setSettled] = useState<Settled | null>(null);

  useEffect(() => {
    if (!authReady) return;
    const controller = new AbortController();
    const { signal } = controller;
    const query: DirectoryParams = params;
    const finish = (next: Omit<Settled, 'key'>) => {
      if (!signal.aborted) setSettled({ key, ...next });
    };

    // Offline or unreachable: the best this device has for the address.
    const fromDevice = async (error: string | null): Promise<void> => {
      const exact = cache.get(member, query);
      if (exact)
        return finish({
          shown: { kind: 'saved', answer: exact.answer, savedAt: exact.savedAt, exact: true },
          error: null,
          unreachable: true,
        });
      if (query.q === '') {
        const latest = cache.latestDirectory(member);
        if (latest)
          return finish({
            shown: { kind: 'saved', answer: latest.answer, savedAt: latest.savedAt, exact: false },
            error: null,
            unreachable: true,
          });
        // Never saved here: the members the device has met (maybe none), said to be the device's.
        try {
          const users = await membersOnDevice(localDb(), member);
          return finish({ shown: { kind: 'device', users }, error: null, unreachable: true });
        } catch {
          return finish({ shown: null, error: error ?? LOAD_USERS_FAILED, unreachable: true });
        }
      }
      if (query.q.length < MIN_QUERY_LENGTH)
        return finish({ shown: { kind: 'device', users: [] }, error: null, unreachable: true });
      try {
        const found = await service.searchUsers(query.q, signal);
        finish({
          shown: { kind: 'device', users: found.users.filter((u) => u.id !== member) },
          error: null,
          unreachable: true,
        });
      } catch {
        finish({ shown: null, error: error ?? LOAD_USERS_FAILED, unreachable: true });
      }
    };

    if (!online) {
      void fromDevice(null);
      return () => controller.abort();
    }
    fetchDirectory(query, signal).then(
      (answer) => {
        if (signal.aborted) return;
        cache.save(member, query, answer);
        finish({ shown: { kind: 'server', answer }, error: null, unreachable: false });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        if (error instanceof DirectoryAnswerError)
          return finish({ shown: null, error: UNEXPECTED_LOAD_ERROR, unreachable: false });
        if (error instanceof DirectoryRequestError && error.offline) return void fromDevice(null);
        // The server answered with a refusal: say so, and keep showing what the device has.
        const saved = cache.get(member, query);
        finish({
          shown: saved ? { kind: 'saved', answer: saved.answer, savedAt: saved.savedAt, exact: true } : null,
          error: error instanceof DirectoryRequestError ? LOAD_USERS_FAILED : UNEXPECTED_LOAD_ERROR,
          unreachable: false,
        });
      },
    );
    return () => controller.abort();
    // The key stands for the address, the member, the retry count and the connection.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, authReady, service]);

  const current = settled?.key === key ? settled : null;
  // "The server couldn't be reached: these results are from this device": cleared by asking again
  // once a sync reaches the server, not only after a reload: a note about the network stays only
  // while it is true.
  const waiting = online && current?.unreachable === true;
  useEffect(() => {
    if (!waiting) return;
    const stop = onServerReached(() => {
      stop();
      setReached((n) => n + 1);
    });
    return stop;
  }, [waiting]);
  // While the next page loads, the previous answer stays on screen (dimmed) rather than a blank.
  const shown =
    current?.shown ?? (settled && settled.key.split('|')[0] === `${member ?? 'guest'}` ? settled.shown : null);
  return {
    shown,
    loading: current === null,
    error: current?.error ?? null,
    unreachable: current?.unreachable ?? !online,
    online,
  };
}

// The journal's writes as the signed-in member: each one write() — applied on this device and
// queued for the server — so logging works offline like every other write. A refusal rejects with
// the message to show (the forms show it inline).
import { useMemo } from 'react';
import type { JournalFormValues } from '../../core/journal/journal.ts';
import { write } from '../../data/actions.ts';
import type { GameRow } from '../../store/db.ts';
import { gameSummaryOf } from '../../data/repos/game-page.ts';
import { randomUuid } from '../../core/random-uuid.ts';

export interface JournalActions {
  add(values: JournalFormValues): Promise<void>;
  update(key: string, values: JournalFormValues): Promise<void>;
  remove(key: string): Promise<void>;
}

const fields = (v: JournalFormValues) => ({
  played_on: v.played_on,
  minutes: Number(v.minutes.trim()),
  platform_id: v.platform_id,
  note: v.note,
  is_private: v.is_private,
});

/** `game`: the game new sessions are of (the game page); null where sessions are only edited. */
export function useJournalActions(memberId: number, game: GameRow | null): JournalActions {
  return useMemo(
    () => ({
      async add(values) {
        if (!game) throw new Error('No game to log a session of');
        await write(memberId, 'journal.add', {
          key: randomUuid(),
          igdb_id: game.igdb_id,
          game: gameSummaryOf(game),
          ...fields(values),
        });
      },
      async update(key, values) {
        await write(memberId, 'journal.update', { key, ...fields(values) });
      },
      async remove(key) {
        await write(memberId, 'journal.delete', { key });
      },
    }),
    [memberId, game],
  );
}

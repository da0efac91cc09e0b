// An outbox an older build left (docs/decisions/0009-sync-protocol-versions.md): rows queued before
// this build's sync protocol. As the app starts, the rows whose arguments today's mutation schemas
// read are brought to today's shape: their arguments as this build would have queued them, the
// protocol of this build, and an edit clock dated when the member made the edit (an older build's
// row has none; the server would otherwise date it when it arrives, letting an edit made weeks ago
// offline beat newer ones). So a server that no longer reads the old shape (client_too_old, "A new
// version is needed to sync your changes") accepts them once the member has updated. A row today's
// schemas refuse is left as it is: the server still decides (it may read it, or refuse it with the
// spec's message).
import { SYNC_PROTOCOL } from '../core/constants.ts';
import { formatHlc, parseHlc } from '../core/hlc.ts';
import type { CheckpointDb, OutboxRow } from '../store/db.ts';
import { loadSyncState } from './state.ts';

const isOld = (row: OutboxRow) => (row.protocol ?? 1) < SYNC_PROTOCOL;

/** Brings the outbox's rows of older protocols to this build's; returns how many it upgraded. */
export async function upgradeOutbox(db: CheckpointDb): Promise<number> {
  // Most starts have nothing to upgrade: the mutation schemas (zod) load only when a row needs them.
  if ((await db.outbox.filter(isOld).count()) === 0) return 0;
  const { parseMutation } = await import('../core/mutations.ts');
  const state = await loadSyncState(db);
  return db.transaction('rw', db.outbox, async () => {
    let upgraded = 0;
    let last: { ms: number; counter: number } | null = null;
    for (const row of await db.outbox.orderBy('seq').toArray()) {
      if (!isOld(row) || row.seq === undefined) continue;
      let args: unknown;
      try {
        args = parseMutation(row.name as never, row.args);
      } catch {
        continue;
      }
      const made = Date.parse(row.created_at);
      let hlc = parseHlc(row.hlc) ? row.hlc : undefined;
      if (hlc === undefined && Number.isFinite(made)) {
        // Rows queued in the same millisecond keep their order by the counter.
        const counter: number = last !== null && last.ms === made ? last.counter + 1 : 0;
        last = { ms: made, counter };
        hlc = formatHlc({ ms: made, counter, device: state.client_id });
      }
      if (hlc === undefined) continue;
      await db.outbox.update(row.seq, { args, hlc, protocol: SYNC_PROTOCOL });
      upgraded += 1;
    }
    return upgraded;
  });
}

// How local applies change the mirrors, and how server truth and pending writes are combined.
// Every local change goes through writeRow/deleteRow, which first keep the row's server version
// in `shadows`. Server changes go through applyServerChange: a shadowed row only has its shadow
// updated (the pending write stays visible). resetToServer then restores every shadowed row, after
// which the outbox is re-applied on top (the rebase, in sync/rebase.ts).
import type { CheckpointDb, MirrorName, ServerTable, ShadowRow } from './db.ts';
import { MIRRORS } from './db.ts';

type Row = { id: number };

let onTempId: ((id: number) => void) | null = null;

/** A temporary id for a row created offline: negative, and far from the -igdb_id of external games. */
export function tempId(): number {
  const id = -(1e12 + Math.floor(Math.random() * 1e12));
  onTempId?.(id);
  return id;
}

/**
 * Tells `listener` every temporary id made until the returned function is called: an import's
 * batch (data/import/stage.ts) knows no row has them yet, so it need not read for them.
 */
export function watchTempIds(listener: (id: number) => void): () => void {
  const previous = onTempId;
  onTempId = listener;
  return () => {
    if (onTempId === listener) onTempId = previous;
  };
}

async function keepShadow(db: CheckpointDb, table: MirrorName, id: number): Promise<void> {
  if (await db.shadows.get([table, id])) return;
  const current = (await db.table<Row, number>(table).get(id)) ?? null;
  await db.shadows.put({ table, id, base: current });
}

/** Puts a row as a local apply does: its server version is kept for the rebase. */
export async function writeRow<T extends Row>(db: CheckpointDb, table: MirrorName, row: T): Promise<void> {
  await keepShadow(db, table, row.id);
  await db.table<Row, number>(table).put(row);
}

/** Deletes a row as a local apply does: its server version is kept for the rebase. */
export async function deleteRow(db: CheckpointDb, table: MirrorName, id: number): Promise<void> {
  if (!(await db.table<Row, number>(table).get(id))) return;
  await keepShadow(db, table, id);
  await db.table<Row, number>(table).delete(id);
}

export type ServerChange =
  | { table: ServerTable; op: 'upsert'; id: number; row: Row }
  | { table: ServerTable; op: 'delete'; id: number; key?: Record<string, unknown> | null };

/** Stores one change from sync_pull (or a read-through) under the pending writes. */
export async function applyServerChange(db: CheckpointDb, change: ServerChange): Promise<void> {
  const table = MIRRORS[change.table];
  if (!table) return; // a table this client does not mirror
  const base = change.op === 'upsert' ? change.row : null;
  const shadow = await db.shadows.get([table, change.id]);
  if (shadow) {
    await db.shadows.put({ ...shadow, base });
  } else if (base) {
    await db.table<Row, number>(table).put(base);
  } else {
    await db.table<Row, number>(table).delete(change.id);
  }
}

/**
 * applyServerChange for a page of changes, in a few bulk operations rather than two requests per
 * row (a pull of thousands of rows, a screen's read-through): the same outcome, as each change
 * replaces whatever the one before it did to its row, so only the last change per row counts.
 * Must run inside a 'rw' transaction over the mirrors and `shadows` (as the callers do).
 */
export async function applyServerChanges(db: CheckpointDb, changes: readonly ServerChange[]): Promise<void> {
  // Each row's last change, per table, by id (a number key: a pull's thousands of changes need no
  // string made per change).
  const byTable = new Map<MirrorName, Map<number, ServerChange>>();
  for (const change of changes) {
    const table = MIRRORS[change.table];
    if (!table) continue; // a table this client does not mirror
    let rows = byTable.get(table);
    if (!rows) byTable.set(table, (rows = new Map()));
    rows.delete(change.id); // keeps the map in the order of each row's last change
    rows.set(change.id, change);
  }
  // No pending write, no shadow: a pull of thousands of rows need not look each one up.
  const anyShadow = byTable.size > 0 && (await db.shadows.count()) > 0;
  for (const [table, rows] of byTable) {
    const list = [...rows.values()];
    const shadows = anyShadow ? await db.shadows.bulkGet(list.map((c) => [table, c.id] as [MirrorName, number])) : [];
    const shadowed: ShadowRow[] = [];
    const puts: Row[] = [];
    const deletes: number[] = [];
    list.forEach((change, i) => {
      const base = change.op === 'upsert' ? change.row : null;
      const shadow = shadows[i];
      if (shadow) shadowed.push({ ...shadow, base });
      else if (base) puts.push(base);
      else deletes.push(change.id);
    });
    if (shadowed.length) await db.shadows.bulkPut(shadowed);
    if (puts.length) await putChanged(db, table, puts);
    if (deletes.length) await db.table<Row, number>(table).bulkDelete(deletes);
  }
}

/**
 * Puts the rows that differ from what the device holds. A read-through of a big library brings
 * thousands of rows the device already has as they are: rewriting them would make IndexedDB commit
 * them all again (the screen's reads wait behind that) and wake every live query that read them.
 */
async function putChanged(db: CheckpointDb, table: MirrorName, rows: Row[]): Promise<void> {
  const held = await heldKeys(db, table, rows);
  const known = held ? rows.filter((row) => held.has(row.id)) : rows;
  const stored = known.length ? await db.table<Row, number>(table).bulkGet(known.map((r) => r.id)) : [];
  const same = new Set(known.filter((row, i) => sameValue(stored[i], row)).map((row) => row.id));
  const changed = same.size ? rows.filter((row) => !same.has(row.id)) : rows;
  if (changed.length) await db.table<Row, number>(table).bulkPut(changed);
}

/** A key read of a page's id range may hold at most this many keys per row asked about. */
const KEYS_PER_ROW = 2;

/**
 * Which of these rows' ids the table holds, read as keys only over their id range: rows new to
 * the device (a pull's, mostly) then need no read each. Null when the range holds too many other
 * keys to be worth it (ids spread over a big table): every row is then read.
 */
async function heldKeys(db: CheckpointDb, table: MirrorName, rows: readonly Row[]): Promise<Set<number> | null> {
  let low = Infinity;
  let high = -Infinity;
  for (const { id } of rows) {
    if (id < low) low = id;
    if (id > high) high = id;
  }
  const cap = rows.length * KEYS_PER_ROW;
  const keys = await db
    .table<Row, number>(table)
    .where(':id')
    .between(low, high, true, true)
    .limit(cap + 1)
    .primaryKeys();
  return keys.length > cap ? null : new Set(keys);
}

/** Deep equality of JSON-like values (what mirror rows hold), key order aside. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameValue(ra[k], rb[k]));
}

/** Puts every row a pending write changed back to its server version, and forgets the shadows. */
export async function resetToServer(db: CheckpointDb): Promise<void> {
  for (const shadow of await db.shadows.toArray()) {
    const table = db.table<Row, number>(shadow.table);
    if (shadow.base) await table.put(shadow.base);
    else await table.delete(shadow.id);
  }
  await db.shadows.clear();
}

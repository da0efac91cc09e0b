// An import's batch applied in memory, then written at once (apply.ts). The writes are
// applied by the ordinary local applies (mutators/*), the same code mutate() runs — same rules,
// same refusals — but their reads and writes go through this stand-in for the database:
// - reads: the rows the batch names are read up front, all at once (`prefetch`: games by igdb_id,
//   the member's own rows by [user_id+igdb_id], journal keys, then those rows' shadows). Any other
//   read goes to the real table inside the batch's transaction, and is kept. A read answers as the
//   table would after the writes staged so far (a row put, changed or deleted earlier in the batch
//   is seen so), in the table's order (index key, then primary key).
// - writes are kept per table, the last write of a row winning, and undone when an apply refuses
//   (`begin` / `rollback`: a refusal leaves no trace, mutators/CONTEXT.md rule 2).
// - `flush()` writes them in the batch's transaction: one bulkDelete and one bulkPut per table.
// Temporary ids made while the stage listens (`mint`, from overlay.watchTempIds) are known to be
// new: no row or shadow has them, so asking for them needs no read.
// The stage is made inside the batch's transaction (its scope is checked then) and reads and
// writes through that transaction itself, so the applies may run outside Dexie's zone (apply.ts
// runs them in Dexie.waitFor), where awaiting a plain promise costs next to nothing. Reads made in
// the zone (the prefetch) go through Dexie's DBCore, the layer its tables and middleware use: one
// request each, no Collection; reads outside it go through the transaction's own tables.
import {
  cmp,
  Dexie,
  type DBCoreIndex,
  type DBCoreKeyRange,
  type DBCoreTable,
  type IndexableType,
  type Table,
  type Transaction,
} from 'dexie';
import type { CheckpointDb } from '../../store/db.ts';
import { assertApplyScope, STAGED_SCOPE } from '../../store/mutators/scope.ts';

type Row = Record<string, unknown>;
type KeyPath = string | readonly string[];

/**
 * A canonical text for an IndexedDB key (equal keys, equal text; different keys, different text),
 * or null for what is not a key. Each part carries its type, and a text its length.
 */
export function keyText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : `n${value === 0 ? 0 : value};`;
  if (typeof value === 'string') return `s${value.length}:${value}`;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : `d${value.getTime()};`;
  if (Array.isArray(value)) {
    let text = `a${value.length}[`;
    for (const part of value) {
      const t = keyText(part);
      if (t === null) return null;
      text += t;
    }
    return text;
  }
  return null;
}

function keyAt(row: Row, path: KeyPath): unknown {
  return typeof path === 'string' ? row[path] : path.map((p) => row[p]);
}

/** A copy of a row, as IndexedDB hands out (rows are plain data: objects, arrays, text, numbers). */
function clone<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) copy[k] = clone(v);
  return copy as T;
}

/** A value or a promise of it: what the stage holds is answered without a read. */
type Maybe<T> = T | Promise<T>;
/** Dexie's promises are not native ones: anything with a then() is waited for. */
const isPromise = <T>(value: Maybe<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';
const then = <T, U>(value: Maybe<T>, fn: (v: T) => U): Maybe<U> => (isPromise(value) ? value.then(fn) : fn(value));

const EQUAL = 1 as DBCoreKeyRange['type'];
const RANGE = 2 as DBCoreKeyRange['type'];

interface Entry {
  readonly key: IndexableType;
  readonly row: Row | null;
}

class StagedTable {
  readonly primKey: KeyPath;
  readonly indexes = new Map<string, KeyPath>();
  private readonly core: DBCoreTable;
  private readonly readHook: ((row: Row) => Row) | undefined;
  /** Rows of the real table by primary key (null: it has none), as read. */
  private readonly known = new Map<string, Row | null>();
  /** Per index: key → the primary keys of the real table's rows with that key, as read. */
  private readonly queried = new Map<string, Map<string, IndexableType[]>>();
  /** Staged writes by primary key (row null: deleted). */
  private readonly written = new Map<string, Entry>();
  /** Per index: key → the primary keys of staged rows with that key. */
  private readonly writtenBy = new Map<string, Map<string, Set<string>>>();

  constructor(
    private readonly stage: ImportStage,
    readonly real: Table,
  ) {
    const { primKey, indexes, readHook } = real.schema;
    this.primKey = primKey.keyPath ?? '';
    this.core = real.core;
    this.readHook = readHook as ((row: Row) => Row) | undefined;
    for (const index of indexes) {
      if (index.multi) continue; // none of the mirrors has one; a query on it is refused below
      this.indexes.set(index.name, index.keyPath ?? index.name);
    }
  }

  get name(): string {
    return this.real.name;
  }

  private pkOf(row: Row): IndexableType {
    return keyAt(row, this.primKey) as IndexableType;
  }

  private coreIndex(index: string): DBCoreIndex {
    const found = this.core.schema.getIndexByKeyPath(this.indexes.get(index) as string | string[]);
    if (!found) throw new Error(`Staged ${this.name}: no index ${index}`);
    return found;
  }

  /**
   * The real table's rows whose `index` key is in `range`, read in the batch's transaction: through
   * DBCore (one request, no Collection) while in the transaction's zone, else through the
   * transaction's own table (which enters the zone itself).
   */
  private async query(index: string, range: DBCoreKeyRange): Promise<Row[]> {
    if (!this.stage.inZone()) {
      return (await this.real.where(index).equals(range.lower).toArray()) as Row[];
    }
    const { result } = await this.core.query({
      trans: this.stage.trans,
      values: true,
      query: { index: this.coreIndex(index), range },
    });
    return this.readHook ? (result as Row[]).map(this.readHook) : (result as Row[]);
  }

  private async readKeys(keys: readonly IndexableType[]): Promise<Array<Row | undefined>> {
    if (keys.length === 0) return [];
    if (!this.stage.inZone()) return (await this.real.bulkGet([...keys])) as Array<Row | undefined>;
    const rows = (await this.core.getMany({ trans: this.stage.trans, keys: [...keys] })) as Array<Row | undefined>;
    return this.readHook ? rows.map((r) => (r === undefined ? r : this.readHook?.(r))) : rows;
  }

  /** The row with this primary key, as the table would hold it now. */
  get(key: IndexableType): Maybe<Row | undefined> {
    const text = keyText(key);
    if (text === null) throw new Error(`Staged ${this.name}.get: not a key`);
    const staged = this.written.get(text);
    if (staged) return staged.row === null ? undefined : clone(staged.row);
    if (!this.known.has(text) && this.stage.isMinted(key)) this.known.set(text, null);
    if (this.known.has(text)) return this.knownCopy(text);
    return this.readKeys([key]).then(([found]) => {
      if (!this.known.has(text)) this.known.set(text, found ?? null);
      return this.knownCopy(text);
    });
  }

  private knownCopy(text: string): Row | undefined {
    const row = this.known.get(text);
    return row ? clone(row) : undefined;
  }

  put(row: Row): IndexableType {
    const key = this.pkOf(row);
    this.write(key, clone(row));
    return key;
  }

  delete(key: IndexableType): void {
    this.write(key, null);
  }

  private write(key: IndexableType, row: Row | null): void {
    const text = keyText(key);
    if (text === null) throw new Error(`Staged ${this.name}: a row without a valid primary key`);
    this.stage.logWrite(this, text, this.written.get(text));
    this.setWritten(text, { key, row });
  }

  /** Sets (or, with undefined, forgets) the staged entry of a primary key, keeping the index maps. */
  setWritten(text: string, entry: Entry | undefined): void {
    const before = this.written.get(text);
    if (before?.row) this.indexEntry(text, before.row, false);
    if (entry === undefined) this.written.delete(text);
    else {
      this.written.set(text, entry);
      if (entry.row) this.indexEntry(text, entry.row, true);
    }
  }

  private indexEntry(pk: string, row: Row, add: boolean): void {
    for (const [name, path] of this.indexes) {
      const key = keyText(keyAt(row, path));
      if (key === null) continue;
      let byKey = this.writtenBy.get(name);
      if (!byKey) {
        byKey = new Map();
        this.writtenBy.set(name, byKey);
      }
      let pks = byKey.get(key);
      if (add) {
        if (!pks) {
          pks = new Set();
          byKey.set(key, pks);
        }
        pks.add(pk);
      } else pks?.delete(pk);
    }
  }

  private cacheOf(index: string): Map<string, IndexableType[]> {
    let cache = this.queried.get(index);
    if (!cache) {
      cache = new Map();
      this.queried.set(index, cache);
    }
    return cache;
  }

  /** Keeps what a read found: the rows, and that these are all the real rows with that index key. */
  private remember(index: string, text: string, rows: readonly Row[]): IndexableType[] {
    const pks = rows.map((row) => {
      const pk = this.pkOf(row);
      const pkText = keyText(pk);
      if (pkText !== null && !this.known.has(pkText)) this.known.set(pkText, row);
      return pk;
    });
    this.cacheOf(index).set(text, pks);
    return pks;
  }

  /**
   * Reads the real table's rows with these index keys, all at once, and keeps them. With `span`
   * (the keys are [member, number]), the member's rows between the lowest and the highest number
   * asked are read first in one request, up to twice as many as keys asked: when that is all of
   * them (a new member's library, or games that are near one another), nothing more is read;
   * else each key is read on its own (one request each).
   */
  async prefetch(index: string, values: readonly IndexableType[], span = false): Promise<void> {
    if (!this.indexes.has(index)) throw new Error(`Staged ${this.name}: no index ${index}`);
    const cache = this.cacheOf(index);
    const wanted = new Map<string, IndexableType>();
    for (const value of values) {
      const text = keyText(value);
      if (text !== null && !cache.has(text)) wanted.set(text, value);
    }
    if (wanted.size === 0) return;
    const keep = (text: string, rows: readonly Row[]) => {
      if (cache.has(text)) return;
      for (const pk of this.remember(index, text, rows)) this.prefetched.push(pk);
    };
    if (span && this.stage.inZone()) {
      const pairs = [...wanted.values()] as Array<[IndexableType, number]>;
      const member = pairs[0]?.[0];
      const numbers = pairs.map((p) => p[1]);
      if (member !== undefined && pairs.every((p) => p[0] === member && typeof p[1] === 'number')) {
        const limit = 2 * pairs.length;
        const range: DBCoreKeyRange = {
          type: RANGE,
          lower: [member, Math.min(...numbers)],
          upper: [member, Math.max(...numbers)],
          lowerOpen: false,
          upperOpen: false,
        };
        const { result } = await this.core.query({
          trans: this.stage.trans,
          values: true,
          limit,
          query: { index: this.coreIndex(index), range },
        });
        if (result.length < limit) {
          const rows = this.readHook ? (result as Row[]).map(this.readHook) : (result as Row[]);
          const path = this.indexes.get(index) as KeyPath;
          const byKey = new Map<string, Row[]>([...wanted.keys()].map((text) => [text, []]));
          for (const row of rows) byKey.get(keyText(keyAt(row, path)) ?? '')?.push(row);
          for (const [text, found] of byKey) keep(text, found);
          return;
        }
      }
    }
    const found = await Promise.all(
      [...wanted.values()].map((value) =>
        this.query(index, { type: EQUAL, lower: value, upper: value, lowerOpen: false, upperOpen: false }),
      ),
    );
    [...wanted.keys()].forEach((text, i) => keep(text, found[i] ?? []));
  }

  /** Reads (all at once) and keeps the rows with these primary keys. */
  async prefetchKeys(keys: readonly IndexableType[]): Promise<void> {
    const wanted = new Map<string, IndexableType>();
    for (const key of keys) {
      const text = keyText(key);
      if (text !== null && !this.known.has(text) && !this.written.has(text) && !this.stage.isMinted(key))
        wanted.set(text, key);
    }
    const rows = await this.readKeys([...wanted.values()]);
    [...wanted.keys()].forEach((text, i) => {
      if (!this.known.has(text)) this.known.set(text, rows[i] ?? null);
    });
  }

  /** The primary keys of the rows prefetch() found. */
  readonly prefetched: IndexableType[] = [];

  /** The rows whose `index` key is `value`, as the table would hold them now, in its order. */
  equal(index: string, value: IndexableType): Maybe<Row[]> {
    const path = this.indexes.get(index);
    const text = keyText(value);
    if (path === undefined || text === null) throw new Error(`Staged ${this.name}: cannot query ${index}`);
    const cached = this.queried.get(index)?.get(text);
    if (cached) return this.merge(index, path, text, cached);
    return this.query(index, { type: EQUAL, lower: value, upper: value, lowerOpen: false, upperOpen: false }).then(
      (rows) => {
        const pks = this.queried.get(index)?.get(text) ?? this.remember(index, text, rows);
        return this.merge(index, path, text, pks);
      },
    );
  }

  /** The real rows `pks` (with that index key) as the staged writes leave them, and staged rows with that key. */
  private merge(index: string, path: KeyPath, text: string, pks: readonly IndexableType[]): Row[] {
    const rows: Array<{ pk: IndexableType; row: Row }> = [];
    const seen = new Set<string>();
    for (const pk of pks) {
      const pkText = keyText(pk) ?? '';
      seen.add(pkText);
      const staged = this.written.get(pkText);
      if (staged) {
        if (staged.row && keyText(keyAt(staged.row, path)) === text) rows.push({ pk, row: staged.row });
        continue;
      }
      const row = this.known.get(pkText);
      if (row) rows.push({ pk, row });
    }
    for (const pkText of this.writtenBy.get(index)?.get(text) ?? []) {
      if (seen.has(pkText)) continue;
      const staged = this.written.get(pkText);
      if (staged?.row) rows.push({ pk: staged.key, row: staged.row });
    }
    if (rows.length > 1) rows.sort((a, b) => cmp(a.pk, b.pk));
    return rows.map(({ row }) => clone(row));
  }

  get hasWrites(): boolean {
    return this.written.size > 0;
  }

  /** Writes the staged changes through the batch's transaction. */
  async flush(): Promise<void> {
    const puts: Row[] = [];
    const deletes: IndexableType[] = [];
    for (const { key, row } of this.written.values()) {
      if (row) puts.push(row);
      else deletes.push(key);
    }
    if (deletes.length > 0) await this.real.bulkDelete(deletes);
    if (puts.length > 0) await this.real.bulkPut(puts);
  }

  /** The Dexie Table calls the local applies make: get, put, delete, where(…).equals / equalsIgnoreCase. */
  facade(): Table {
    return new TableFacade(this) as unknown as Table;
  }
}

/** A staged table as the applies see it (a Dexie Table's get, put, delete and where). */
class TableFacade {
  constructor(private readonly t: StagedTable) {}
  get name(): string {
    return this.t.name;
  }
  get schema(): Table['schema'] {
    return this.t.real.schema;
  }
  get(key: IndexableType): Promise<Row | undefined> {
    return Promise.resolve(this.t.get(key));
  }
  put(row: Row): Promise<IndexableType> {
    return Promise.resolve(this.t.put(row));
  }
  delete(key: IndexableType): Promise<void> {
    return Promise.resolve(this.t.delete(key));
  }
  where(index: string): WhereFacade {
    return new WhereFacade(this.t, index);
  }
}

class WhereFacade {
  constructor(
    private readonly t: StagedTable,
    private readonly index: string,
  ) {}
  equals(value: IndexableType): CollectionFacade {
    return new CollectionFacade(this.t, this.index, value, null);
  }
  /** Read-only tables only (platforms): nothing staged can change the answer. */
  equalsIgnoreCase(value: string): CollectionFacade {
    if (this.t.hasWrites) throw new Error(`Staged ${this.t.name}: equalsIgnoreCase over staged writes`);
    return new CollectionFacade(this.t, this.index, value, null, true);
  }
}

/** Enough of a Dexie Collection for the applies: toArray, first, count, filter. */
class CollectionFacade {
  constructor(
    private readonly t: StagedTable,
    private readonly index: string,
    private readonly value: IndexableType,
    private readonly keep: ((row: Row) => boolean) | null,
    private readonly ignoreCase = false,
  ) {}

  private rows(): Maybe<Row[]> {
    const rows = this.ignoreCase
      ? (this.t.real
          .where(this.index)
          .equalsIgnoreCase(this.value as string)
          .toArray() as Promise<Row[]>)
      : this.t.equal(this.index, this.value);
    const keep = this.keep;
    return keep ? then(rows, (r) => r.filter(keep)) : rows;
  }

  toArray(): Promise<Row[]> {
    return Promise.resolve(this.rows());
  }
  first(): Promise<Row | undefined> {
    return Promise.resolve(then(this.rows(), first));
  }
  count(): Promise<number> {
    return Promise.resolve(then(this.rows(), length));
  }
  filter(keep: (row: Row) => boolean): CollectionFacade {
    const before = this.keep;
    return new CollectionFacade(
      this.t,
      this.index,
      this.value,
      before ? (row) => before(row) && keep(row) : keep,
      this.ignoreCase,
    );
  }
}

const first = (rows: readonly Row[]): Row | undefined => rows[0];
const length = (rows: readonly Row[]): number => rows.length;

/** The database as the applies see it: its tables (by name and through table()), and the scope (scope.ts). */
class DbFacade {
  readonly [STAGED_SCOPE]: readonly string[];
  private readonly facades = new Map<string, Table>();
  constructor(
    private readonly stage: ImportStage,
    readonly name: string,
    scope: readonly string[],
  ) {
    this[STAGED_SCOPE] = scope;
    for (const table of scope) Object.defineProperty(this, table, { get: () => this.table(table), enumerable: true });
  }

  table(name: string): Table {
    let f = this.facades.get(name);
    if (!f) {
      f = this.stage.table(name).facade();
      this.facades.set(name, f);
    }
    return f;
  }
}

export class ImportStage {
  private readonly tables = new Map<string, StagedTable>();
  private readonly minted = new Set<number>();
  private log: Array<{ table: StagedTable; key: string; before: Entry | undefined }> | null = null;
  private readonly tx: Transaction;
  /** The database object the applies are given: every table read and written through the stage. */
  readonly db: CheckpointDb;

  /** Made inside a 'rw' transaction over the apply's tables (scope.ts): it reads and writes through it. */
  constructor(real: CheckpointDb) {
    assertApplyScope(real);
    this.tx = Dexie.currentTransaction;
    this.db = new DbFacade(this, real.name, [...this.tx.storeNames]) as unknown as CheckpointDb;
  }

  /** The batch's transaction as Dexie's DBCore takes it. */
  get trans(): IDBTransaction {
    return this.tx.idbtrans;
  }

  /** Whether the code running now is in the batch's transaction zone (Dexie.currentTransaction). */
  inZone(): boolean {
    return Dexie.currentTransaction === this.tx;
  }

  table(name: string): StagedTable {
    let t = this.tables.get(name);
    if (!t) {
      t = new StagedTable(this, this.tx.table(name));
      this.tables.set(name, t);
    }
    return t;
  }

  /** Notes a temporary id made while the batch applies (overlay.watchTempIds). */
  readonly mint = (id: number): void => {
    this.minted.add(id);
  };

  /** A key no row can have yet: a temporary id made by this batch, or a shadow of one. */
  isMinted(key: IndexableType): boolean {
    if (typeof key === 'number') return this.minted.has(key);
    return Array.isArray(key) && key.length === 2 && typeof key[1] === 'number' && this.minted.has(key[1]);
  }

  /** Starts one write: what it stages until commit() or rollback() can be undone. */
  begin(): void {
    this.log = [];
  }
  commit(): void {
    this.log = null;
  }
  rollback(): void {
    const log = this.log ?? [];
    for (let i = log.length - 1; i >= 0; i--) {
      const step = log[i];
      if (step) step.table.setWritten(step.key, step.before);
    }
    this.log = null;
  }

  logWrite(table: StagedTable, key: string, before: Entry | undefined): void {
    this.log?.push({ table, key, before });
  }

  /** Reads the shadows of the rows these tables' prefetch() found (the rows the batch's writes change). */
  async prefetchShadows(tables: readonly string[]): Promise<void> {
    const keys: IndexableType[] = [];
    for (const name of tables) for (const pk of this.table(name).prefetched) keys.push([name, pk as number]);
    await this.table('shadows').prefetchKeys(keys);
  }

  /** Writes every staged change, in the batch's transaction. */
  async flush(): Promise<void> {
    for (const t of this.tables.values()) if (t.hasWrites) await t.flush();
  }
}

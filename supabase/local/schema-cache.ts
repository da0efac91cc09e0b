// The gateway's schema cache, as PostgREST keeps one: each function's signature (by schema and
// name) and each API role's settings, read from the catalogue once rather than on every call
// (about 1.5 ms and 1.4 ms of each call on PGlite, beside a small call's 5 ms). It is emptied on
// `NOTIFY pgrst`, which the database's DDL event triggers send (bootstrap.sql, as on hosted), so
// a function created, replaced or dropped is seen by the next call. Role settings change only by
// ALTER ROLE, which fires no event trigger: as with PostgREST, `NOTIFY pgrst, 'reload config'`
// makes them read again. Only over a database whose notices arrive before the statement that sent
// them returns (PGlite: Db.listen) and that has the event triggers; elsewhere every call reads the
// catalogue, as before.
import type { Db, Queryable } from './db.ts';
import { roleSettingsRowsSql } from './role-settings.ts';

export interface RoutineArg {
  readonly name: string;
  readonly type: string;
}

export interface Routine {
  readonly schema: string;
  readonly name: string;
  /** Input arguments in declaration order; the last `defaults` of them may be left out. */
  readonly args: readonly RoutineArg[];
  readonly defaults: number;
  readonly returnsSet: boolean;
  readonly returnsVoid: boolean;
}

const ROUTINES_SQL = `
  select p.proname as name, p.proretset as returns_set, p.prorettype = 'void'::regtype as returns_void,
         p.pronargdefaults as defaults,
         coalesce((
           select json_agg(json_build_object('name', coalesce(a.name, ''), 'type', format_type(a.type, null)) order by a.ord)
             from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), p.proargnames,
                         coalesce(p.proargmodes, array_fill('i'::"char", array[p.pronargs])))
                  with ordinality as a(type, name, mode, ord)
            where a.mode in ('i', 'b', 'v')
         ), '[]'::json) as args
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = $1 and p.proname = $2 and p.prokind = 'f'`;

export async function findRoutines(q: Queryable, schema: string, name: string): Promise<Routine[]> {
  const rows = await q.query<{
    name: string;
    returns_set: boolean;
    returns_void: boolean;
    defaults: number;
    args: RoutineArg[];
  }>(ROUTINES_SQL, [schema, name]);
  return rows.map((r) => ({
    schema,
    name: r.name,
    args: r.args,
    defaults: Number(r.defaults),
    returnsSet: r.returns_set,
    returnsVoid: r.returns_void,
  }));
}

export type RoleSettings = ReadonlyArray<{ readonly name: string; readonly value: string }>;

interface SchemaCache {
  readonly routines: Map<string, Routine[]>;
  readonly settings: Map<string, RoleSettings>;
  /** Bumped by each notice: what was read before one is not kept. */
  generation: number;
}

/** Per database: its cache once listening, or null where it cannot have one. */
const caches = new WeakMap<Db, Promise<SchemaCache | null>>();

async function open(db: Db): Promise<SchemaCache | null> {
  if (!db.listen) return null;
  const watched = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_catalog.pg_event_trigger
      where evtname in ('pgrst_ddl_watch', 'pgrst_drop_watch') and evtenabled <> 'D'`,
  );
  if (watched[0]?.n !== 2) return null;
  const cache: SchemaCache = { routines: new Map(), settings: new Map(), generation: 0 };
  await db.listen('pgrst', () => {
    cache.generation += 1;
    cache.routines.clear();
    cache.settings.clear();
  });
  return cache;
}

function cacheOf(db: Db): Promise<SchemaCache | null> {
  let cache = caches.get(db);
  if (!cache) {
    cache = open(db).catch(() => null);
    caches.set(db, cache);
  }
  return cache;
}

/** findRoutines, from the cache where there is one. A name with no function is looked up each time. */
export async function routinesOf(db: Db, schema: string, name: string): Promise<Routine[]> {
  const cache = await cacheOf(db);
  const key = `${schema}\u0000${name}`;
  const cached = cache?.routines.get(key);
  if (cached) return cached;
  const generation = cache?.generation;
  const routines = await findRoutines(db, schema, name);
  if (cache && routines.length > 0 && cache.generation === generation) cache.routines.set(key, routines);
  return routines;
}

/** The settings a call as `role` applies (roleSettingsRowsSql), or null where there is no cache. */
export async function roleSettingsOf(db: Db, role: string): Promise<RoleSettings | null> {
  const cache = await cacheOf(db);
  if (!cache) return null;
  const cached = cache.settings.get(role);
  if (cached) return cached;
  const generation = cache.generation;
  const rows = await db.query<{ name: string; value: string }>(roleSettingsRowsSql(1), [role]);
  const settings = rows.map(({ name, value }) => ({ name, value }));
  if (cache.generation === generation) cache.settings.set(role, settings);
  return settings;
}

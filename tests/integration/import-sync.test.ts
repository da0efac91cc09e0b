// Import, DB / engine: an import of 2,000 rows lands exactly once, also with lost responses
// and a restart halfway. A Grouvee file of 2,000 games is read and matched on a device
// (fake-indexeddb) holding the server's catalogue, planned, stored as a job and applied in batches
// (data/import/apply.ts) into the outbox, which the real sync engine pushes through the local
// gateway (supabase-js, the real migrations; PGlite by `test:db`, PostgreSQL 15 by `test:pg`).
// On the way: a batch dies halfway (nothing of it lands), the device restarts (IndexedDB closed and
// opened again, the job resumed) halfway through applying and again halfway through syncing, the
// network drops while the engine pushes, and the server's answer to some pushes is lost after it
// applied them. Then the server holds each planned write's effect once, with the file's values,
// every queued write is recorded once, the outbox is empty, and the same file again plans nothing
// (on that device and on a fresh one).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bigGrouveeFile } from '../../src/core/import/fixtures.ts';
import { planImport, planMutations, type PlannedMutation } from '../../src/core/import/plan.ts';
import type { RowMatch } from '../../src/core/import/match.ts';
import type { MutationArgs } from '../../src/core/mutations.ts';
import { CheckpointDb } from '../../src/store/db.ts';
import {
  applyImportBatch,
  createImportJob,
  readImportJob,
  runImportJob,
  unfinishedImports,
} from '../../src/data/import/apply.ts';
import { readLibrary } from '../../src/data/import/library.ts';
import { createImportReader } from '../../src/data/import/read-file.ts';
import { createSupabaseRemote, refreshSessionOf } from '../../src/data/remote.ts';
import { fromDatabaseRow } from '../../src/core/search/catalogue-entry.ts';
import { toGameRow } from '../../src/data/search/hits.ts';
import { createSyncEngine, type SyncEngine } from '../../src/sync/engine.ts';
import {
  NetworkError,
  type PullPage,
  type PushMutation,
  type PushReply,
  type Remote,
  type SyncScope,
} from '../../src/sync/remote.ts';
import { signUpMember, startTestGateway, type SignedUpMember, type TestGateway } from '../support/gateway.ts';

const ROWS = 2000;
const NOW = '2026-11-25T12:00:00.000Z';
const TODAY = NOW.slice(0, 10);
const FIRST = [
  'Amber',
  'Brass',
  'Cobalt',
  'Dusk',
  'Ember',
  'Frost',
  'Garnet',
  'Harbor',
  'Ivory',
  'Juniper',
  'Kestrel',
  'Lantern',
  'Meadow',
  'Nimbus',
  'Onyx',
  'Pilgrim',
  'Quarry',
  'Raven',
  'Saffron',
  'Thistle',
  'Umber',
  'Velvet',
  'Willow',
  'Xenon',
  'Yonder',
  'Zephyr',
  'Aurora',
  'Bramble',
  'Cinder',
  'Drift',
  'Echo',
  'Fable',
  'Glimmer',
  'Hollow',
  'Ironwood',
  'Jasper',
  'Kindle',
  'Lumen',
  'Mosaic',
  'Nectar',
];
const SECOND = [
  'Odyssey',
  'Tactics',
  'Frontier',
  'Chronicle',
  'Harvest',
  'Voyage',
  'Citadel',
  'Requiem',
  'Expedition',
  'Rhapsody',
  'Labyrinth',
  'Sanctuary',
  'Uprising',
  'Horizon',
  'Reverie',
  'Dominion',
  'Pioneer',
  'Tempest',
  'Monolith',
  'Serenade',
  'Vanguard',
  'Paragon',
  'Outpost',
  'Carnival',
  'Zenith',
  'Eclipse',
  'Mirage',
  'Solstice',
  'Bastion',
  'Cascade',
  'Meridian',
  'Nocturne',
  'Overture',
  'Pinnacle',
  'Quest',
  'Riddle',
  'Summit',
  'Trinket',
  'Undertow',
  'Wayfarer',
  'Alcove',
  'Beacon',
  'Canyon',
  'Delta',
  'Estuary',
  'Fjord',
  'Grotto',
  'Hinterland',
  'Isle',
  'Jetty',
];
/** 2,000 games no other test uses, each name once, with a release date. */
const CATALOGUE = Array.from({ length: ROWS }, (_, i) => ({
  id: 900_000 + i,
  name: `${FIRST[i % FIRST.length]} ${SECOND[Math.floor(i / FIRST.length) % SECOND.length]}`,
  first_release_date: Date.UTC(1995 + (i % 30), i % 12, 1 + (i % 27)) / 1000,
  platforms: ['PC (Microsoft Windows)'],
}));

let gw: TestGateway;
let member: SignedUpMember;
const opened: CheckpointDb[] = [];
/** Every mutation any push carried, by id (the queued writes, whatever became of the push). */
const sent = new Map<string, PushMutation>();

/** The network between the device and the server: pushes cut before they reach it, answers lost after it applied them. */
class LossyRemote implements Remote {
  /** Pushes of writes left before the network drops (null: no limit). */
  budget: number | null = null;
  /** Every n-th push of writes has its answer lost after the server applied it (0: none). */
  loseEvery = 0;
  pushes = 0;
  lost = 0;
  cut = 0;
  constructor(readonly inner: Remote) {}

  async push(clientId: string, mutations: readonly PushMutation[]): Promise<PushReply> {
    if (mutations.length === 0) return this.inner.push(clientId, mutations);
    if (this.budget !== null && this.budget <= 0) {
      this.cut++;
      throw new NetworkError('the network dropped');
    }
    if (this.budget !== null) this.budget--;
    for (const m of mutations) sent.set(m.id, m);
    this.pushes++;
    const reply = await this.inner.push(clientId, mutations);
    if (this.loseEvery > 0 && this.pushes % this.loseEvery === 0) {
      this.lost++;
      throw new NetworkError('the answer was lost');
    }
    return reply;
  }

  pull(cursor: string | null, scope: SyncScope, limit: number): Promise<PullPage> {
    return this.inner.pull(cursor, scope, limit);
  }
}

interface Device {
  readonly db: CheckpointDb;
  readonly remote: LossyRemote;
  readonly engine: SyncEngine;
}

function open(name: string, remote = new LossyRemote(createSupabaseRemote(member.client))): Device {
  const db = new CheckpointDb(name);
  opened.push(db);
  const engine = createSyncEngine({
    db,
    remote,
    refreshSession: refreshSessionOf(member.client),
    // No timer fires by itself: the test says when the device syncs.
    timers: { setTimeout: () => () => undefined },
    lock: { name: `import-${name}`, locks: null },
  });
  return { db, remote, engine };
}

/**
 * A device that has downloaded the catalogue as the app does (catalogue_page, for offline search)
 * and synced once: its games are the server's rows, its library the member's on the server.
 */
async function freshDevice(): Promise<Device> {
  const d = open(`import-device-${randomUUID()}`);
  for (let after: number | null = 0; after !== null;) {
    const { data, error } = await member.client.rpc('catalogue_page', { p_after: after, p_limit: 1000 });
    if (error) throw error;
    const page = data as { games: Array<Record<string, unknown>>; next: number | null };
    await d.db.games.bulkPut(page.games.flatMap((row) => fromDatabaseRow(row) ?? []).map((e) => toGameRow(e, NOW)));
    after = page.next;
  }
  expect(await d.db.games.where('igdb_id').aboveOrEqual(900_000).count()).toBe(ROWS);
  await d.engine.syncNow();
  return d;
}

/** Reads, matches and plans the file as the import dialog does (each choice settled with its best candidate). */
async function planFile(db: CheckpointDb, file: Uint8Array): Promise<{ writes: PlannedMutation[]; matched: number }> {
  const reader = createImportReader(db, file, TODAY, Date.parse(NOW) / 1000, () => undefined);
  const { parsed, matches } = await reader.match(null);
  const found = new Map<number, RowMatch>(matches);
  for (const [line, m] of found)
    if (m.kind === 'choice' && m.candidates[0])
      found.set(line, { kind: 'matched', game: m.candidates[0], by: 'choice' });
  const matched = [...found.values()].filter((m) => m.kind === 'matched').length;
  const plan = planImport(parsed, found, await readLibrary(db, member.id), { now: Date.parse(NOW) });
  return { writes: planMutations(plan), matched };
}

/** Syncs until the outbox is empty (each lost answer or cut network leaves the engine to try again). */
async function syncUntilEmpty(d: Device, rounds = 40): Promise<void> {
  for (let i = 0; i < rounds && (await d.db.outbox.count()) > 0; i++) await d.engine.syncNow();
  expect(await d.db.outbox.count()).toBe(0);
}

beforeAll(async () => {
  gw = await startTestGateway();
  await gw.db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(CATALOGUE)]);
  member = await signUpMember(gw, `importer_${randomUUID().slice(0, 8)}`);
}, 120_000);

afterAll(async () => {
  for (const db of opened) db.close();
  for (const name of new Set(opened.map((db) => db.name))) await new CheckpointDb(name).delete().catch(() => undefined);
  await gw?.close();
});

it(`an import of ${ROWS} rows lands exactly once, with lost answers and a restart halfway through applying and through syncing`, async () => {
  // A mark with no date in the file is dated by the server the day it applies it (UTC).
  const firstDay = new Date().toISOString().slice(0, 10);
  const file = new TextEncoder().encode(
    bigGrouveeFile(
      CATALOGUE.map((g) => ({ name: g.name, year: new Date(g.first_release_date * 1000).getUTCFullYear() })),
      ROWS,
    ),
  );
  let d = await freshDevice();
  const name = d.db.name;
  const { writes, matched } = await planFile(d.db, file);
  expect(matched).toBe(ROWS);
  expect(writes.length).toBeGreaterThan(ROWS);
  const job = await createImportJob(d.db, member.id, 'grouvee.csv', writes);

  // A third of the job applied, then a batch dies halfway (the tab is closed while it writes):
  // nothing of it lands, and the job stays where the last batch left it.
  while ((await readImportJob(d.db, job))!.done < writes.length / 3) await applyImportBatch(d.db, job, () => NOW);
  const before = { done: (await readImportJob(d.db, job))!.done, outbox: await d.db.outbox.count() };
  let rows = 0;
  d.db.outbox.hook('creating', () => {
    if (++rows === 40) throw new Error('the tab was closed');
  });
  await expect(applyImportBatch(d.db, job, () => NOW)).rejects.toThrow('the tab was closed');
  expect({ done: (await readImportJob(d.db, job))!.done, outbox: await d.db.outbox.count() }).toEqual(before);

  // The device comes back: the job is there, unfinished; the engine pushes part of the outbox, with
  // answers lost, until the network drops; more batches are applied; the device restarts again.
  d.db.close();
  d = open(name);
  expect((await unfinishedImports(d.db, member.id)).map((j) => [j.id, j.state])).toEqual([[job, 'running']]);
  d.remote.loseEvery = 3;
  d.remote.budget = 8;
  for (let i = 0; i < 10 && d.remote.cut === 0; i++) await d.engine.syncNow();
  expect(d.remote.lost).toBeGreaterThan(0);
  expect(d.remote.cut).toBeGreaterThan(0);
  while ((await readImportJob(d.db, job))!.done < (2 * writes.length) / 3) await applyImportBatch(d.db, job, () => NOW);
  d.db.close();

  // After the restart the job runs to its end on its own, and syncing goes on, answers still lost
  // every third push, until the network drops halfway; one more restart, then the rest.
  d = open(name);
  const [unfinished] = await unfinishedImports(d.db, member.id);
  expect(unfinished?.id).toBe(job);
  const end = await runImportJob(d.db, job, { now: () => NOW });
  expect(end).toMatchObject({ state: 'done', done: writes.length });
  d.remote.loseEvery = 3;
  d.remote.budget = Math.ceil((await d.db.outbox.count()) / 200);
  for (let i = 0; i < 20 && d.remote.cut === 0; i++) await d.engine.syncNow();
  expect(d.remote.lost).toBeGreaterThan(0);
  expect(await d.db.outbox.count()).toBeGreaterThan(0);
  d.db.close();
  d = open(name);
  d.remote.loseEvery = 4;
  await syncUntilEmpty(d);
  expect(await unfinishedImports(d.db, member.id)).toEqual([]);

  // Every queued write was recorded once on the server, each applied (none refused there).
  const refused = new Set((await readImportJob(d.db, job))!.refused.map((r) => r.index));
  const queued = writes.filter((_, i) => !refused.has(i));
  expect(sent.size).toBe(queued.length);
  const applied = await gw.db.query<{ mutation_id: string; status: string; n: number }>(
    `select mutation_id::text, status, count(*) over (partition by mutation_id)::int as n from public.sync_applied where user_id = $1`,
    [member.id],
  );
  expect(applied).toHaveLength(sent.size);
  expect(applied.every((a) => a.n === 1 && a.status === 'ok' && sent.has(a.mutation_id))).toBe(true);
  expect(queued.map((w) => w.name).sort()).toEqual([...sent.values()].map((m) => m.name).sort());

  // The server holds each write's effect once, with the file's values.
  const of = <N extends PlannedMutation['name']>(n: N) =>
    queued.filter((w) => w.name === n).map((w) => w.args as MutationArgs<N>);
  const reviews = await gw.db.query<{ igdb_id: number; rating: number; review: string | null }>(
    'select g.igdb_id::int, r.rating::float as rating, r.review from public.rating r join public.game g on g.id = r.game_id where r.user_id = $1 order by 1',
    [member.id],
  );
  expect(reviews).toEqual(
    of('review.create')
      .map((a) => ({ igdb_id: a.igdb_id, rating: a.rating, review: a.review ?? null }))
      .sort((x, y) => x.igdb_id - y.igdb_id),
  );
  const progress = await gw.db.query<{
    igdb_id: number;
    started: boolean;
    completed: boolean;
    started_date: string;
    completed_date: string | null;
  }>(
    `select g.igdb_id::int, p.started, p.completed, to_char(p.started_date at time zone 'UTC', 'YYYY-MM-DD') as started_date,
            to_char(p.completed_date at time zone 'UTC', 'YYYY-MM-DD') as completed_date
     from public.game_progress p join public.game g on g.id = p.game_id where p.user_id = $1 order by 1`,
    [member.id],
  );
  const expected = new Map<
    number,
    { started: boolean; completed: boolean; started_date?: string; completed_date: string | null }
  >();
  const lastDay = new Date().toISOString().slice(0, 10);
  const APPLY_DAY = 'the day the server applied it';
  for (const a of of('progress.set')) {
    const e = expected.get(a.igdb_id) ?? { started: false, completed: false, completed_date: null };
    e.started = true;
    e.started_date ??= a.at?.slice(0, 10) ?? APPLY_DAY;
    if (a.completed) {
      e.completed = true;
      e.completed_date ??= a.at?.slice(0, 10) ?? APPLY_DAY;
    }
    expected.set(a.igdb_id, e);
  }
  const applyDay = (day: string | null) => (day === firstDay || day === lastDay ? APPLY_DAY : day);
  expect(
    progress.map((p) => {
      const e = expected.get(p.igdb_id);
      return {
        ...p,
        started_date: e?.started_date === APPLY_DAY ? applyDay(p.started_date) : p.started_date,
        completed_date: e?.completed_date === APPLY_DAY ? applyDay(p.completed_date) : p.completed_date,
      };
    }),
  ).toEqual([...expected].sort(([x], [y]) => x - y).map(([igdb_id, e]) => ({ igdb_id, ...e })));
  // The file's own dates are kept: some marks in it have one.
  expect([...expected.values()].some((e) => e.started_date !== APPLY_DAY)).toBe(true);
  const lists = async (table: string) =>
    (
      await gw.db.query<{ igdb_id: number }>(`select igdb_id::int from public.${table} where user_id = $1 order by 1`, [
        member.id,
      ])
    ).map((r) => r.igdb_id);
  expect(await lists('user_wishlist')).toEqual(
    of('wishlist.set')
      .map((a) => a.igdb_id)
      .sort((x, y) => x - y),
  );
  expect(await lists('user_collection')).toEqual(
    of('collection.set')
      .map((a) => a.igdb_id)
      .sort((x, y) => x - y),
  );
  const sessions = await gw.db.query<{ key: string; igdb_id: number; played_on: string; minutes: number }>(
    `select s.client_key::text as key, g.igdb_id::int, to_char(s.played_on, 'YYYY-MM-DD') as played_on, s.minutes::int
     from public.play_session s join public.game g on g.id = s.game_id where s.user_id = $1 order by 1`,
    [member.id],
  );
  expect(sessions).toEqual(
    of('journal.add')
      .map((a) => ({ key: a.key, igdb_id: a.igdb_id, played_on: a.played_on, minutes: a.minutes }))
      .sort((x, y) => (x.key < y.key ? -1 : 1)),
  );
  expect(reviews.length + progress.length + sessions.length).toBeGreaterThan(ROWS);

  // The same file again plans nothing: on this device once it has pulled the server's rows, and on a fresh one.
  await d.engine.syncNow();
  expect(await d.db.shadows.count()).toBe(0);
  expect((await planFile(d.db, file)).writes).toEqual([]);
  const other = await freshDevice();
  expect((await planFile(other.db, file)).writes).toEqual([]);
  console.log(
    `import of ${ROWS} rows: ${writes.length} writes, ${refused.size} refused on the device, ${sent.size} pushed; ${d.remote.lost} answers lost after the server applied them in the last leg`,
  );
}, 600_000);

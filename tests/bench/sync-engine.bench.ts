// The client side of sync, each figure beside its floor in the same run (the machine is shared):
// - push: 1,000 mutations queued in IndexedDB (fake-indexeddb) pushed to the gateway through the
//   engine (pushOutbox over supabase-js), beside the same 1,000 mutations sent to sync_push directly
//   (supabase-js, the engine's batch size, a second member so that nothing is deduplicated);
// - pull: 10,000 changed rows pulled into IndexedDB (pullChanges), beside a plain Dexie bulkPut of
//   the same 10,000 rows into an empty database; PULL_ROUNDS devices each pull them, each beside its
//   own floor, and the figures are medians over the rounds.
// Goals: the pull within 2x its floor, the push within 1.5x of direct sync_push. The two of a pair
// run back to back, floor first, so that a machine's load weighs on both alike.
// The gateway (PGlite behind the HTTP API) runs in a Node process of its own (gateway-process.ts),
// as a real server runs on another machine: the client's figures no longer include the server's
// CPU time spent in the client's own thread, and the pull's pipelined pages (page n+1 asked for
// while page n is stored) can overlap. Everything else is end to end as before: the real
// pullChanges and pushOutbox over supabase-js and HTTP against the real sync_pull and sync_push,
// and the pull's figure is still from its first request to its last row stored, server time and
// all. CHECKPOINT_BENCH_GATEWAY=in-process runs the gateway in the bench's own thread, as before
// (for comparison). Beside the wall-clock figures, the CPU time of each side (the client's, the
// gateway process's with its PGlite, the floor's), which the machine's other load does not
// lengthen: on 2 cores the pull cannot take less than half the client's and the server's CPU
// together, however well the two overlap.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PUSH_BATCH_SIZE } from '../../src/core/constants.ts';
import { CheckpointDb, type CommentRow } from '../../src/store/db.ts';
import { mutate } from '../../src/sync/mutate.ts';
import { createRpcRemote, createSupabaseRemote } from '../../src/data/remote.ts';
import { pullChanges } from '../../src/sync/pull.ts';
import { pushOutbox, toPushMutation } from '../../src/sync/push.ts';
import { adoptMember } from '../../src/sync/state.ts';
import { signUpMember, startTestGateway } from '../support/gateway.ts';
import { startGatewayProcess, type GatewayProcess } from './gateway-process.ts';
import { median } from './stats.ts';

/** The goals, as ratios to the floor. */
export const ENGINE_GOALS = { pull: 2, push: 1.5 } as const;

export interface EngineFigures {
  readonly pushMs: number;
  readonly pushPerSecond: number;
  /** The same mutations sent to sync_push directly. */
  readonly pushFloorMs: number;
  readonly pullMs: number;
  readonly pulledRows: number;
  /** A plain bulkPut of the same rows. */
  readonly pullFloorMs: number;
  /** Of the pull, the time spent waiting for sync_pull's answers (server, HTTP, checking them). */
  readonly pullWaitMs: number;
  /**
   * Of that, the time from each sync_pull request to its parsed answer (the server's work, HTTP and
   * JSON.parse): what the floor leaves out; requests that overlap (the pull asks for the next page
   * while it stores one) count once. The rest of the pull (checking the answers, storing them while
   * no request is on its way) is the client's, which the goal holds to 2x the floor.
   */
  readonly pullServerMs: number;
  /** Rounds of the pull, each a device pulling the same changes beside its own floor. */
  readonly pullRounds: number;
  /** Median over the rounds of the pull over its own round's floor: the goal's figure. */
  readonly pullRatio: number;
  /** Median over the rounds of the pull's client part (pull − server and HTTP) over the floor. */
  readonly pullClientRatio: number;
  /**
   * CPU time, which another process's load does not lengthen (medians over the rounds): the
   * client's for the pull (this process, every thread), the server's (the gateway's process, its
   * PGlite included; null on PostgreSQL 15, whose server processes are not the gateway's), and the
   * floor's. On 2 cores the pull cannot take less wall time than half their sum, nor less than the
   * server's first page: with the server's CPU alone near 2x the floor's, the goal needs the
   * server's work made smaller, not the client's.
   */
  readonly pullClientCpuMs: number;
  readonly pullServerCpuMs: number | null;
  readonly pullFloorCpuMs: number;
}

/**
 * Pulls per run, each beside a floor measured right after it. One pull and one floor
 * swung by 2x between runs on the shared machine (a bulkPut of 10,000 rows took 171 to 395 ms),
 * and so did their ratio; the figures are medians over the rounds, the ratio the median of the
 * rounds' own ratios.
 */
export const PULL_ROUNDS = Math.max(1, Number(process.env['CHECKPOINT_BENCH_PULL_ROUNDS'] ?? 5));

interface PullRound {
  readonly ms: number;
  readonly changes: number;
  readonly waitMs: number;
  readonly serverMs: number;
  readonly floorMs: number;
  readonly clientCpuMs: number;
  readonly serverCpuMs: number | null;
  readonly floorCpuMs: number;
}

/** This process's CPU time so far (user and system, every thread), in ms. */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** One device's pull of what changed since its cursor, timed, with its wait and server time. */
async function pullRound(
  reader: CheckpointDb,
  client: SupabaseClient,
  serverCpuMs: () => Promise<number | null>,
): Promise<Omit<PullRound, 'floorMs' | 'floorCpuMs'>> {
  let waitMs = 0;
  let serverMs = 0;
  // The pull asks for the next page while it stores one: the time with at least one sync_pull on
  // its way counts once, however many overlap.
  let inFlight = 0;
  let busySince = 0;
  const served = createRpcRemote(async (fn, args, signal) => {
    if (inFlight++ === 0) busySince = performance.now();
    try {
      return await client.rpc(fn, args).abortSignal(signal);
    } finally {
      if (--inFlight === 0) serverMs += performance.now() - busySince;
    }
  });
  let waiting = 0;
  let waitSince = 0;
  const timed: typeof served = {
    ...served,
    async pull(...args) {
      if (waiting++ === 0) waitSince = performance.now();
      try {
        return await served.pull(...args);
      } finally {
        if (--waiting === 0) waitMs += performance.now() - waitSince;
      }
    },
  };
  const serverBefore = await serverCpuMs();
  const cpuBefore = ownCpuMs();
  const start = performance.now();
  const pulled = await pullChanges(reader, timed);
  const ms = performance.now() - start;
  const clientCpuMs = ownCpuMs() - cpuBefore;
  const serverAfter = await serverCpuMs();
  const server = serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore;
  return { ms, changes: pulled.changes, waitMs, serverMs, clientCpuMs, serverCpuMs: server };
}

/** `databaseUrl`: the gateway's database on that PostgreSQL server instead of PGlite. */
export async function benchSyncEngine({ databaseUrl }: { databaseUrl?: string } = {}): Promise<EngineFigures> {
  const inProcess = process.env['CHECKPOINT_BENCH_GATEWAY'] === 'in-process' && !databaseUrl;
  // In-process, the server's CPU is this process's own: not told apart.
  const gw: GatewayProcess = inProcess
    ? { ...(await startTestGateway()), cpuMs: () => Promise.resolve(Number.NaN) }
    : await startGatewayProcess({ databaseUrl });
  const serverCpuMs = (): Promise<number | null> => (inProcess || databaseUrl ? Promise.resolve(null) : gw.cpuMs());
  try {
    const games = Array.from({ length: 1000 }, (_, i) => ({
      id: 800_000 + i,
      name: `Bench Game ${i}`,
      platforms: ['PC (Microsoft Windows)'],
    }));
    await gw.db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(games)]);
    const tag = Date.now() % 100_000;
    const member = await signUpMember(gw, `bench_${tag}`);
    const floorMember = await signUpMember(gw, `benchf_${tag}`);
    const remote = createSupabaseRemote(member.client);

    // Push: 1,000 writes queued offline (reviews, wishlist, collection, progress).
    const db = new CheckpointDb(`bench-push-${randomUUID()}`);
    await adoptMember(db, member.id);
    await db.games.bulkPut(games.map((g, i) => ({ id: i + 1, igdb_id: g.id, name: g.name, slug: `bench-game-${i}` })));
    const now = new Date().toISOString();
    for (const [i, g] of games.entries()) {
      const kind = i % 4;
      if (kind === 0)
        await mutate(
          db,
          'review.create',
          { igdb_id: g.id, rating: 1 + (i % 19) / 2, review: `Review ${i}` },
          { me: member.id, now },
        );
      else if (kind === 1) await mutate(db, 'wishlist.set', { igdb_id: g.id, in: true }, { me: member.id, now });
      else if (kind === 2) await mutate(db, 'collection.set', { igdb_id: g.id, in: true }, { me: member.id, now });
      else await mutate(db, 'progress.set', { igdb_id: g.id, completed: true }, { me: member.id, now });
    }

    // The floor: the same mutations (new ids: the server applies an id once) as the second member.
    const queued = (await db.outbox.orderBy('seq').toArray()).map((row) => ({
      ...toPushMutation(row),
      id: randomUUID(),
    }));
    const floorClient = randomUUID();
    let start = performance.now();
    for (let i = 0; i < queued.length; i += PUSH_BATCH_SIZE) {
      const { data, error } = await floorMember.client.rpc('sync_push', {
        p_client_id: floorClient,
        p_mutations: queued.slice(i, i + PUSH_BATCH_SIZE),
      });
      if (error) throw error;
      const results = (data as { results?: Array<{ status: string; message?: string }> } | null)?.results ?? [];
      const bad = results.find((r) => r.status !== 'ok');
      if (bad || results.length !== Math.min(PUSH_BATCH_SIZE, queued.length - i))
        throw new Error(`push floor: ${bad?.message ?? 'missing results'}`);
    }
    const pushFloorMs = performance.now() - start;

    start = performance.now();
    const pushed = await pushOutbox(db, remote);
    const pushMs = performance.now() - start;
    if (pushed.accepted !== 1000 || (await db.outbox.count()) !== 0)
      throw new Error(`push bench: ${JSON.stringify(pushed)}`);

    // Pull: devices with a cursor, then 10,000 comments on one review arrive as changes. One device
    // per round, all brought up to date before the comments are written, so every round pulls the
    // same 10,000 changes into the same state.
    const readers: CheckpointDb[] = [];
    for (let round = 0; round < PULL_ROUNDS; round++) {
      const reader = new CheckpointDb(`bench-pull-${randomUUID()}`);
      await adoptMember(reader, member.id);
      await pullChanges(reader, remote);
      readers.push(reader);
    }
    const before = await readers[0]!.comments.count();
    const review = (
      await gw.db.query<{ id: number }>('select id from public.rating where user_id = $1 limit 1', [member.id])
    )[0];
    for (let i = 0; i < 10_000; i += 500) {
      const batch = Array.from({ length: 500 }, (_, k) => ({
        id: randomUUID(),
        name: 'comment.add',
        args: { key: randomUUID(), rating_id: review?.id, content: `Comment ${i + k}` },
      }));
      const { error } = await member.client.rpc('sync_push', { p_client_id: randomUUID(), p_mutations: batch });
      if (error) throw error;
    }
    const rounds: PullRound[] = [];
    let pulledRows = 0;
    for (const reader of readers) {
      const round = await pullRound(reader, member.client, serverCpuMs);
      pulledRows = round.changes;
      const rows = await reader.comments.toArray();
      if (rows.length - before !== 10_000) throw new Error(`pull bench: ${rows.length - before} comments stored`);
      // The floor: the same rows, one bulkPut into an empty database (opened before the clock starts).
      const plain = new CheckpointDb(`bench-floor-${randomUUID()}`);
      await plain.open();
      const cpuBefore = ownCpuMs();
      const start = performance.now();
      await plain.comments.bulkPut(rows);
      const floorMs = performance.now() - start;
      const floorCpuMs = ownCpuMs() - cpuBefore;
      if ((await plain.comments.count()) !== rows.length) throw new Error('pull floor: rows missing');
      rounds.push({ ...round, floorMs, floorCpuMs });
      await reader.delete();
      await plain.delete();
    }

    await db.delete();
    return {
      pushPerSecond: (1000 / pushMs) * 1000,
      pushMs,
      pushFloorMs,
      pulledRows,
      pullRounds: rounds.length,
      pullMs: median(rounds.map((r) => r.ms)),
      pullFloorMs: median(rounds.map((r) => r.floorMs)),
      pullRatio: median(rounds.map((r) => r.ms / r.floorMs)),
      pullWaitMs: median(rounds.map((r) => r.waitMs)),
      pullServerMs: median(rounds.map((r) => r.serverMs)),
      pullClientRatio: median(rounds.map((r) => (r.ms - r.serverMs) / r.floorMs)),
      pullClientCpuMs: median(rounds.map((r) => r.clientCpuMs)),
      pullServerCpuMs: rounds.some((r) => r.serverCpuMs === null)
        ? null
        : median(rounds.map((r) => r.serverCpuMs ?? 0)),
      pullFloorCpuMs: median(rounds.map((r) => r.floorCpuMs)),
    };
  } finally {
    await gw.close();
  }
}

export interface FirstPullFigures {
  /** Rows the snapshot brought (changes in its page). */
  readonly rows: number;
  /** A new device's first pull (a snapshot), from the answer's body to the rows stored: median of 3 devices. */
  readonly pullMs: number;
  /** The longest the event loop was held (no timer or I/O could run) during that pull: median of the 3. */
  readonly longestStallMs: number;
  /** The worst of the 3. */
  readonly worstStallMs: number;
  /** JSON.parse of the answer's body alone (the browser's response.json()): one task no pull can cut. */
  readonly parseMs: number;
  /** The same for a plain bulkPut of the same rows into an empty database: the peer. */
  readonly floorMs: number;
  readonly floorLongestStallMs: number;
}

/** How long the event loop was held at most while `work` ran (5 ms resolution). */
async function longestStall<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; stallMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const start = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - start;
    histogram.disable();
    // The histogram counts each tick's delay past its 5 ms timer: a task that held the loop for
    // d ms shows as about d - 5.
    return { value, ms, stallMs: histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}

/**
 * A device's first pull is a snapshot of every row the member owns, and it lands in
 * whatever view they are scrolling. The member has 1,000 shelf rows and reviews and 5,000 comments
 * (queued through sync_push); the snapshot's answer is asked for once and then replayed, so that
 * the in-process server (PGlite) does not hold the event loop while it is measured: the figures are
 * the client's (parsing the body, checking the answer, storing it). Beside them, JSON.parse of the
 * body alone and a plain bulkPut of the same rows.
 */
export async function benchFirstPull(): Promise<FirstPullFigures> {
  const gw = await startTestGateway();
  try {
    const games = Array.from({ length: 1000 }, (_, i) => ({
      id: 810_000 + i,
      name: `First Pull Game ${i}`,
      platforms: ['PC (Microsoft Windows)'],
    }));
    await gw.db.query('select public.import_catalogue($1::jsonb)', [JSON.stringify(games)]);
    const member = await signUpMember(gw, `bench_first_${Date.now() % 100_000}`);
    const kinds = ['wishlist.set', 'collection.set', 'progress.set'] as const;
    const writes = games.map((g, i) =>
      i % 4 === 0
        ? { name: 'review.create', args: { igdb_id: g.id, rating: 1 + (i % 19) / 2, review: `Review ${i}` } }
        : {
            name: kinds[(i % 4) - 1],
            args: i % 4 === 3 ? { igdb_id: g.id, completed: true } : { igdb_id: g.id, in: true },
          },
    );
    const client = randomUUID();
    for (let i = 0; i < writes.length; i += PUSH_BATCH_SIZE) {
      const batch = writes.slice(i, i + PUSH_BATCH_SIZE).map((w) => ({ id: randomUUID(), ...w }));
      const { error } = await member.client.rpc('sync_push', { p_client_id: client, p_mutations: batch });
      if (error) throw error;
    }
    const review = (
      await gw.db.query<{ id: number }>('select id from public.rating where user_id = $1 limit 1', [member.id])
    )[0];
    for (let i = 0; i < 5000; i += 500) {
      const batch = Array.from({ length: 500 }, (_, k) => ({
        id: randomUUID(),
        name: 'comment.add',
        args: { key: randomUUID(), rating_id: review?.id, content: `Comment ${i + k}` },
      }));
      const { error } = await member.client.rpc('sync_push', { p_client_id: client, p_mutations: batch });
      if (error) throw error;
    }

    // The snapshot's answer, asked for by a first device (which stores it too), then replayed.
    let answer: { data: unknown; error: null; status: number } | null = null;
    const recording = createRpcRemote(async (fn, args, signal) => {
      const reply = await member.client.rpc(fn, args).abortSignal(signal);
      if (fn === 'sync_pull' && !reply.error && answer === null)
        answer = { data: reply.data as unknown, error: null, status: reply.status };
      return reply;
    });
    const first = new CheckpointDb(`bench-first-a-${randomUUID()}`);
    await adoptMember(first, member.id);
    await pullChanges(first, recording);
    const recorded = answer as { data: unknown; error: null; status: number } | null;
    if (!recorded) throw new Error('first pull bench: no snapshot answer');
    const body = JSON.stringify(recorded.data);
    const start = performance.now();
    JSON.parse(body);
    const parseMs = performance.now() - start;
    const replay = createRpcRemote(() => Promise.resolve({ ...recorded, data: JSON.parse(body) as unknown }));

    // Three new devices, one after another: a figure is their median (the machine is shared).
    const pulls: Array<{ ms: number; stallMs: number; changes: number }> = [];
    let comments: CommentRow[] = [];
    for (let run = 0; run < 3; run++) {
      const device = new CheckpointDb(`bench-first-b-${randomUUID()}`);
      await adoptMember(device, member.id);
      await device.open();
      const pull = await longestStall(() => pullChanges(device, replay));
      pulls.push({ ms: pull.ms, stallMs: pull.stallMs, changes: pull.value.changes });
      comments = await device.comments.toArray();
      if (comments.length !== 5000 || (await first.comments.count()) !== 5000)
        throw new Error(`first pull bench: ${comments.length} comments stored`);
      await device.delete();
    }

    const plain = new CheckpointDb(`bench-first-floor-${randomUUID()}`);
    await plain.open();
    const floor = await longestStall(() => plain.comments.bulkPut(comments));

    await first.delete();
    await plain.delete();
    return {
      rows: pulls[0]?.changes ?? 0,
      pullMs: median(pulls.map((p) => p.ms)),
      longestStallMs: median(pulls.map((p) => p.stallMs)),
      worstStallMs: Math.max(...pulls.map((p) => p.stallMs)),
      parseMs,
      floorMs: floor.ms,
      floorLongestStallMs: floor.stallMs,
    };
  } finally {
    await gw.close();
  }
}

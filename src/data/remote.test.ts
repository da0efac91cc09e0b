// sync_pull's answer is checked at this boundary, its changes a slice at a time (so a snapshot of
// thousands never holds the page): the outcome must be the same as checking them whole — every
// change kept in order, tables this client does not mirror left out, and one bad change anywhere
// refusing the whole answer.
import { expect, it } from 'vitest';
import { AnswerShapeError } from '../core/guards/server-answers.ts';
import { NetworkError } from '../sync/remote.ts';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createRpcRemote, createSupabaseRemote } from './remote.ts';

const SCOPE = { game_ids: [], user_ids: [], rating_ids: [], author_ids: [] };

function answering(changes: unknown[], rows?: unknown[]) {
  const data = { cursor: 'v1:42', has_more: false, snapshot: true, user_id: 7, clock: null, changes, rows };
  return createRpcRemote(() => Promise.resolve({ data, error: null, status: 200 }));
}

const comments = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    table: i % 300 === 299 ? 'a_table_from_a_newer_server' : 'comment',
    op: i % 7 === 6 ? 'delete' : 'upsert',
    id: i + 1,
    ...(i % 7 === 6 ? { key: null } : { row: { id: i + 1, content: `Comment ${i + 1}` } }),
  }));

it('checks a page of 1,700 changes in slices and keeps every known change, in order', async () => {
  const sent = comments(1700);
  const page = await answering(sent).pull(null, SCOPE, 5000);
  const known = sent.filter((c) => c.table === 'comment');
  expect(page.changes.map((c) => [c.op, c.id])).toEqual(known.map((c) => [c.op, c.id]));
  expect(page.changes[0]).toEqual({ table: 'comment', op: 'upsert', id: 1, row: { id: 1, content: 'Comment 1' } });
  expect(page.changes.find((c) => c.op === 'delete')).toEqual({ table: 'comment', op: 'delete', id: 7, key: null });
  expect(page).toMatchObject({ cursor: 'v1:42', has_more: false, snapshot: true, user_id: 7, clock: null });
});

it('refuses the whole answer when one change in a later slice is malformed, and says which', async () => {
  const sent: unknown[] = comments(1700);
  sent[1234] = { table: 'comment', op: 'upsert', id: 'not a number', row: { id: 1235 } };
  await expect(answering(sent).pull(null, SCOPE, 5000)).rejects.toBeInstanceOf(NetworkError);
  await expect(answering(sent).pull(null, SCOPE, 5000)).rejects.toThrow('sync_pull answered in an unexpected shape');
  const error: unknown = await answering(sent)
    .pull(null, SCOPE, 5000)
    .catch((e: unknown) => e);
  const cause = (error as { cause?: unknown }).cause;
  expect(cause).toBeInstanceOf(AnswerShapeError);
  expect((cause as AnswerShapeError).path).toEqual(['changes', 1234, 'id']);
});

/** Protocol 3's rows: `n` comments in one group, named once. */
const grouped = (n: number, first = 1) => ({
  table: 'comment',
  columns: ['id', 'content', 'rating_id'],
  values: Array.from({ length: n }, (_, i) => [first + i, `Comment ${first + i}`, 5]),
});

it("[S7] reads a page's rows by table as upserts after its changes, and leaves out a table it does not know", async () => {
  const changes = [
    { table: 'game', op: 'upsert', id: 3, row: { id: 3, name: 'Hades' } },
    { table: 'comment', op: 'delete', id: 9000, key: null },
  ];
  const rows = [grouped(1200), { ...grouped(2, 5000), table: 'a_table_from_a_newer_server' }, grouped(3, 7000)];
  const page = await answering(changes, rows).pull('v1:1', SCOPE, 5000);
  expect(page.changes).toHaveLength(2 + 1200 + 3);
  expect(page.changes.slice(0, 2)).toEqual([
    { table: 'game', op: 'upsert', id: 3, row: { id: 3, name: 'Hades' } },
    { table: 'comment', op: 'delete', id: 9000, key: null },
  ]);
  expect(page.changes[2]).toEqual({
    table: 'comment',
    op: 'upsert',
    id: 1,
    row: { id: 1, content: 'Comment 1', rating_id: 5 },
  });
  expect(page.changes.slice(2).map((c) => c.id)).toEqual([
    ...Array.from({ length: 1200 }, (_, i) => i + 1),
    7000,
    7001,
    7002,
  ]);
  // The page the engine gets has its rows among its changes, not beside them.
  expect(page).not.toHaveProperty('rows');
});

it('refuses the whole answer when one row of a group is malformed, and says which', async () => {
  const rows = [grouped(10), grouped(1000, 100)];
  (rows[1]!.values[777] as unknown[])[0] = 'not a number';
  const error: unknown = await answering([], rows)
    .pull('v1:1', SCOPE, 5000)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NetworkError);
  expect(((error as { cause?: unknown }).cause as AnswerShapeError).path).toEqual(['rows', 1, 'values', 777, 0]);
  const unnamed = await answering([], [{ ...grouped(1), columns: ['content', 'rating_id'] }])
    .pull('v1:1', SCOPE, 5000)
    .catch((e: unknown) => e);
  expect(((unnamed as { cause?: unknown }).cause as AnswerShapeError).path).toEqual(['rows', 0, 'columns']);
});

it('gives up waiting for an access token after tokenWaitMs, as a network error', async () => {
  let rpcCalls = 0;
  const stuck = {
    auth: { getSession: () => new Promise(() => undefined) },
    rpc: () => {
      rpcCalls++;
      return { abortSignal: () => Promise.resolve({ data: null, error: null, status: 200 }) };
    },
  } as unknown as SupabaseClient;
  const started = Date.now();
  const pushing = createSupabaseRemote(stuck, { tokenWaitMs: 50 }).push('c1', []);
  await expect(pushing).rejects.toBeInstanceOf(NetworkError);
  await expect(pushing).rejects.toThrow('no access token yet');
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(rpcCalls).toBe(0);
});

it('calls the server once a token is there', async () => {
  const answered = {
    auth: { getSession: () => Promise.resolve({ data: { session: null }, error: null }) },
    rpc: (fn: string) => ({
      abortSignal: () =>
        Promise.resolve({ data: fn === 'sync_push' ? { results: [], user_id: 7 } : null, error: null, status: 200 }),
    }),
  } as unknown as SupabaseClient;
  await expect(createSupabaseRemote(answered, { tokenWaitMs: 50 }).push('c1', [])).resolves.toMatchObject({
    results: [],
    user_id: 7,
  });
});

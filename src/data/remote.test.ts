// sync_pull's answer is checked at this boundary, its changes a slice at a time (issue 18 §4): the
// outcome must be the same as checking them whole — every change kept in order, tables this client
// does not mirror left out, and one bad change anywhere refusing the whole answer.
import { expect, it } from 'vitest';
import { AnswerShapeError } from '../core/guards/server-answers.ts';
import { NetworkError } from '../sync/remote.ts';
import { createRpcRemote } from './remote.ts';

const SCOPE = { game_ids: [], user_ids: [], rating_ids: [], author_ids: [] };

function answering(changes: unknown[]) {
  const data = { cursor: 'v1:42', has_more: false, snapshot: true, user_id: 7, clock: null, changes };
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
  expect((cause as AnswerShapeError).path).toEqual([1234, 'id']);
});

import { describe, expect, it } from 'vitest';
import {
  charactersRemaining,
  COMMENT_INDENT_PX,
  COMMENT_REPLY_WALK_DEPTH,
  commentProblem,
  indentFor,
  planReply,
  splitMention,
  threadComments,
  topLevelAncestor,
  withMention,
  type Threadable,
} from './comments.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 12, minute)).toISOString();
const c = (id: number, parent: number | null, minute: number): Threadable => ({
  id,
  parent_comment_id: parent,
  created_at: at(minute),
});
const shape = (rows: Threadable[]) => threadComments(rows).map((t) => [t.comment.id, t.replies.map((r) => r.id)]);

describe('threadComments', () => {
  it('puts top-level comments newest first and replies oldest first under them', () => {
    const rows = [c(1, null, 0), c(2, null, 5), c(3, 1, 6), c(4, 1, 2), c(5, null, 3)];
    expect(shape(rows)).toEqual([
      [2, []],
      [5, []],
      [1, [4, 3]],
    ]);
  });

  it('nests a reply to a reply under the top-level ancestor (two displayed levels)', () => {
    const rows = [c(1, null, 0), c(2, 1, 1), c(3, 2, 2), c(4, 3, 3)];
    expect(shape(rows)).toEqual([[1, [2, 3, 4]]]);
  });

  it('breaks ties by id, so equal timestamps keep a stable order', () => {
    expect(shape([c(1, null, 0), c(2, null, 0), c(3, 1, 1), c(4, 1, 1)])).toEqual([
      [2, []],
      [1, [3, 4]],
    ]);
  });

  it("orders the server's timestamps by time, a whole second before its fractions", () => {
    // Postgres writes no fraction at a whole second: '…:33+00:00', then '…:33.001+00:00'. As text
    // compared by locale the later one sorted first (CI saw the demo's two comments swapped).
    const pg = (id: number, parent: number | null, created_at: string): Threadable => ({
      id: 10 - id,
      parent_comment_id: parent === null ? null : 10 - parent,
      created_at,
    });
    const rows = [
      pg(1, null, '2026-11-27T20:15:33+00:00'),
      pg(2, null, '2026-11-27T20:15:33.001+00:00'),
      pg(3, 1, '2026-11-27T20:15:34.2+00:00'),
      pg(4, 1, '2026-11-27T20:15:34+00:00'),
    ];
    expect(shape(rows)).toEqual([
      [8, []],
      [9, [6, 7]],
    ]);
  });

  it(`bounds the ancestor walk to ${COMMENT_REPLY_WALK_DEPTH} steps`, () => {
    // A chain 1 ← 2 ← … ← 13: comment 11 is 10 steps from 1, comment 12 is 11 steps away.
    const chain = Array.from({ length: 13 }, (_, i) => c(i + 1, i === 0 ? null : i, i));
    const byId = new Map(chain.map((r) => [r.id, r]));
    expect(topLevelAncestor(chain[10] as Threadable, byId)?.id).toBe(1);
    expect(topLevelAncestor(chain[11] as Threadable, byId)).toBeNull();
    // Untraceable replies are shown as threads of their own rather than lost.
    const threads = shape(chain);
    expect(threads.find(([id]) => id === 1)?.[1]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(threads.map(([id]) => id)).toEqual([13, 12, 1]);
  });

  it('survives a cycle and a missing parent', () => {
    expect(shape([c(1, 2, 0), c(2, 1, 1), c(3, 99, 2)])).toEqual([
      [3, []],
      [2, []],
      [1, []],
    ]);
  });
});

describe('replies and mentions', () => {
  const top = c(1, null, 0);
  const reply = c(2, 1, 1);

  it('answers a top-level comment directly and a reply under its thread with an @ mention', () => {
    expect(planReply(top, top, 'alice')).toEqual({ parent: top, mention: '' });
    expect(planReply(reply, top, 'bob')).toEqual({ parent: top, mention: '@bob ' });
    expect(planReply(reply, top, null)).toEqual({ parent: top, mention: '' });
  });

  it('starts the posted text with the mention exactly once', () => {
    expect(withMention('  nice one ', '@bob ')).toBe('@bob nice one');
    expect(withMention('@bob nice one', '@bob ')).toBe('@bob nice one');
    expect(withMention('@bobby hi', '@bob ')).toBe('@bob @bobby hi');
    expect(withMention(' plain ', '')).toBe('plain');
  });

  it('finds a leading mention for display', () => {
    expect(splitMention('@bob_2 thanks!')).toEqual({ mention: '@bob_2', rest: ' thanks!' });
    expect(splitMention('email me@host')).toEqual({ mention: null, rest: 'email me@host' });
  });

  it(`indents ${COMMENT_INDENT_PX} px per level, two levels at most`, () => {
    expect([indentFor(0), indentFor(1), indentFor(2)]).toEqual([0, 24, 24]);
  });
});

describe('comment text', () => {
  it('counts characters remaining, negative past 500', () => {
    expect(charactersRemaining('')).toBe(500);
    expect(charactersRemaining('x'.repeat(498))).toBe(2);
    expect(charactersRemaining('x'.repeat(503))).toBe(-3);
  });

  it("gives the spec's messages for new comments and edits", () => {
    expect(commentProblem('   ')).toBe('Comment cannot be empty');
    expect(commentProblem('x'.repeat(501))).toBe('Comment exceeds 500 characters');
    expect(commentProblem(' ', 'edit')).toBe('Comment content cannot be empty');
    expect(commentProblem('x'.repeat(501), 'edit')).toBe('Comment content exceeds maximum length (500 characters)');
    expect(commentProblem(`  ${'x'.repeat(500)}  `)).toBeNull();
  });
});

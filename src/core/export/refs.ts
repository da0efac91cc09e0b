// What the member's comments and likes were on, when the device does not hold it: a comment on
// another member's review, or a like of it, names that review's author and game only if the device
// has the review, its game and its author. `wantedRefs` lists what is missing, the server answers
// (get_export_refs, read by src/data/export-remote.ts), `withRefs` adds the answer to the source,
// and `unfilledContext` counts what the file still cannot name, so the export can say so.
import { lazySchema, z } from '../zod.ts';
import type { CheckpointExport } from './schema.ts';
import type { ExportSource } from './build.ts';

/** The reviews and liked comments to ask the server about (server ids only). */
export interface RefsWanted {
  readonly reviewIds: readonly number[];
  readonly commentIds: readonly number[];
}

const refsSchema = lazySchema(() => {
  const Id = z.number().check(z.int(), z.positive());
  return z.object({
    reviews: z.array(
      z.object({
        id: Id,
        user_id: Id,
        username: z.string(),
        game: z.object({
          id: Id,
          igdb_id: Id,
          name: z.string(),
          slug: z.nullable(z.string()),
          release_date: z.nullable(z.string()),
          release_year: z.nullable(z.number().check(z.int())),
        }),
      }),
    ),
    comments: z.array(z.object({ id: Id, rating_id: Id })),
  });
});

/** The server's answer: the reviews it knows (with author and game), and each liked comment's review. */
export type ExportRefs = z.infer<ReturnType<typeof refsSchema>>;

/** The server's answer read, or an Error saying it was not what get_export_refs sends. */
export function readExportRefs(data: unknown): ExportRefs {
  const parsed = refsSchema().safeParse(data);
  if (!parsed.success) throw new Error('The server sent an unreadable answer about reviews.');
  return parsed.data;
}

const isServerId = (id: number | null): id is number => id !== null && id > 0;

/** The reviews (and liked comments) the device cannot name in full: missing, or missing their game or author. */
export function wantedRefs(source: ExportSource): RefsWanted {
  const reviews = new Map([...source.otherReviews, ...source.reviews].map((r) => [r.id, r]));
  const games = new Set(source.games.map((g) => g.id));
  const users = new Set([...source.users.map((u) => u.id), source.me.id]);
  const comments = new Map([...source.otherComments, ...source.comments].map((c) => [c.id, c.rating_id]));
  const complete = (id: number) => {
    const review = reviews.get(id);
    return review !== undefined && games.has(review.game_id) && users.has(review.user_id);
  };
  const reviewIds = new Set<number>();
  const commentIds = new Set<number>();
  const want = (ratingId: number | null | undefined) => {
    if (ratingId !== undefined && isServerId(ratingId) && !complete(ratingId)) reviewIds.add(ratingId);
  };
  for (const c of source.comments) want(c.rating_id);
  for (const l of source.likes) {
    if (!l.is_like) continue;
    if (l.rating_id !== null) want(l.rating_id);
    else if (l.comment_id !== null) {
      if (comments.has(l.comment_id)) want(comments.get(l.comment_id));
      else if (isServerId(l.comment_id)) commentIds.add(l.comment_id);
    }
  }
  return { reviewIds: [...reviewIds].sort((a, b) => a - b), commentIds: [...commentIds].sort((a, b) => a - b) };
}

export const noRefsWanted = (wanted: RefsWanted): boolean =>
  wanted.reviewIds.length === 0 && wanted.commentIds.length === 0;

/** The source with the server's answer added (what the server says wins over an older copy on the device). */
export function withRefs(source: ExportSource, refs: ExportRefs): ExportSource {
  return {
    ...source,
    otherReviews: [
      ...source.otherReviews,
      ...refs.reviews.map((r) => ({ id: r.id, user_id: r.user_id, game_id: r.game.id, igdb_id: r.game.igdb_id })),
    ],
    games: [...source.games, ...refs.reviews.map((r) => r.game)],
    users: [...source.users, ...refs.reviews.map((r) => ({ id: r.user_id, username: r.username }))],
    otherComments: [...source.otherComments, ...refs.comments],
  };
}

/** The context fields of a comment or like that name what it was on (as comments.csv and likes.csv call them). */
export const CONTEXT_FIELDS = ['review_author', 'igdb_id', 'game'] as const;

/** Comments and likes the file cannot say the review author and game of. */
export interface UnfilledContext {
  readonly comments: number;
  readonly likes: number;
  readonly fields: typeof CONTEXT_FIELDS;
  /** offline: the server was not asked or not reached; unknown: it no longer has (or shows) the review. */
  readonly why: 'offline' | 'unknown';
}

type ReviewRef = CheckpointExport['comments'][number]['on'];
const named = (ref: ReviewRef | null): boolean =>
  ref !== null && ref.author_username !== null && ref.game?.name != null;

/** What the built file leaves blank, or null when every comment and like is named. */
export function unfilledContext(data: CheckpointExport, why: UnfilledContext['why']): UnfilledContext | null {
  const comments = data.comments.filter((c) => !named(c.on)).length;
  const likes = data.likes.filter((l) => !named(l.review)).length;
  return comments + likes === 0 ? null : { comments, likes, fields: CONTEXT_FIELDS, why };
}

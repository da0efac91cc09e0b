// The mutation registry's shared half: every write a member can make, by name, with its
// arguments validated by zod. The same names and argument shapes are applied locally
// (src/data/mutators/*) and on the server (app.apply_mutation in supabase/migrations/…_sync.sql).
// Mutations are intents that are safe to repeat ("liked = true", "Top 5 = [a, b]"), never toggles.
import { MutationError } from './mutation-error.ts';
import { z } from './zod.ts';
import { COMMENT_MAX_LENGTH, PLAYTIME_MAX, PLAYTIME_MIN, RATING_MAX, RATING_MIN, TOP_GAMES_SLOTS } from './constants.ts';

/**
 * The schemas, built on first use: building ~20 zod schemas costs tens of milliseconds on a phone,
 * and every screen with an action imports this module long before anyone acts.
 */
function buildSchemas() {
  const Id = z.number().int().positive();
  const Key = z.uuid();
  const IgdbId = z.number().int().positive({ message: 'Game data missing valid IGDB ID' });

  // What a client knows of a game found only in the external catalogue (spec: ensure-game).
  const GameSummary = z.object({
    name: z.string().trim().min(1, 'Game name is required').max(500),
    slug: z.string().max(600).optional(),
    cover_url: z.string().max(2000).nullish(),
    release_date: z.string().max(40).nullish(),
    first_release_date: z.number().nullish(),
    genre: z.string().max(200).nullish(),
    genres: z.array(z.string().max(200)).max(50).optional(),
    platforms: z.array(z.string().max(200)).max(50).optional(),
    summary: z.string().max(20_000).nullish(),
    developer: z.string().max(200).nullish(),
    publisher: z.string().max(200).nullish(),
    category: z.number().int().min(0).max(14).nullish(),
    parent_game: z.number().int().positive().nullish(),
  });

  const GameRef = { igdb_id: IgdbId, game: GameSummary.optional() };

  const Rating = z.number().min(RATING_MIN).max(RATING_MAX).refine((r) => Number.isInteger(r * 2), 'Rating must be from 1 to 10 in steps of 0.5');
  const Playtime = z.number().int().min(PLAYTIME_MIN).max(PLAYTIME_MAX, 'Playtime must be whole hours from 1 to 99999').nullish();
  const CommentText = z.string().trim().min(1, 'Comment cannot be empty').max(COMMENT_MAX_LENGTH, 'Comment exceeds 500 characters');
  const Timestamp = z.iso.datetime({ offset: true });

  const MUTATIONS = {
    'game.ensure': z.object({ igdb_id: IgdbId }).extend(GameSummary.shape),
    'review.create': z.object({
      ...GameRef, rating: Rating, review: z.string().max(10_000, 'Review exceeds 10000 characters').nullish(),
      is_recommended: z.boolean().nullish(), platform_id: Id.nullish(), platform: z.string().max(100).nullish(),
      playtime_hours: Playtime, post_date_time: Timestamp.optional(),
    }),
    'review.update': z.object({
      igdb_id: IgdbId, rating: Rating.optional(), review: z.string().max(10_000, 'Review exceeds 10000 characters').nullish(),
      is_recommended: z.boolean().nullish(), platform_id: Id.nullish(), platform: z.string().max(100).nullish(),
      playtime_hours: Playtime,
    }),
    // By server id, or by game (a member has one review per game): a review written offline has no
    // server id yet and must still be deletable.
    'review.delete': z.object({ rating_id: Id.optional(), igdb_id: IgdbId.optional() })
      .refine((a) => a.rating_id !== undefined || a.igdb_id !== undefined, 'Invalid review ID'),
    'review_like.set': z.object({ rating_id: Id, liked: z.boolean() }),
    'comment.add': z.object({
      key: Key, rating_id: Id, parent_id: Id.optional(), parent_key: Key.optional(), content: CommentText,
      created_at: Timestamp.optional(),
    }),
    'comment.edit': z.object({
      id: Id.optional(), key: Key.optional(),
      content: z.string().trim().min(1, 'Comment content cannot be empty').max(COMMENT_MAX_LENGTH, 'Comment content exceeds maximum length (500 characters)'),
    }).refine((a) => a.id !== undefined || a.key !== undefined, 'Invalid comment ID'),
    'comment.delete': z.object({ id: Id.optional(), key: Key.optional() })
      .refine((a) => a.id !== undefined || a.key !== undefined, 'Invalid comment ID'),
    'comment_like.set': z.object({ comment_id: Id.optional(), comment_key: Key.optional(), liked: z.boolean() })
      .refine((a) => a.comment_id !== undefined || a.comment_key !== undefined, 'Invalid comment ID'),
    'follow.set': z.object({ user_id: Id, following: z.boolean() }),
    'progress.set': z.object({ ...GameRef, started: z.boolean().optional(), completed: z.boolean().optional(), at: Timestamp.optional() }),
    'wishlist.set': z.object({ ...GameRef, in: z.boolean(), priority: z.number().int().min(0).max(10).optional(), notes: z.string().max(500).nullish() }),
    'collection.set': z.object({ ...GameRef, in: z.boolean() }),
    'collection.move': z.object({ ...GameRef, to: z.enum(['collection', 'wishlist']) }),
    'top5.replace': z.object({ games: z.array(z.object({ igdb_id: IgdbId })).max(TOP_GAMES_SLOTS, 'Top 5 holds at most 5 games') }),
    'profile.update': z.object({
      username: z.string().trim().min(3, 'Username must be at least 3 characters').max(30, 'Username must be less than 30 characters')
        .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores').optional(),
      name: z.string().max(100).nullish(), display_name: z.string().max(100).nullish(), bio: z.string().max(500).nullish(),
      avatar_url: z.url({ protocol: /^https?$/, message: 'Please enter a valid URL (http or https)' }).max(2000).nullish(),
      location: z.string().max(100).nullish(),
      website: z.url({ protocol: /^https?$/, message: 'Please enter a valid URL (http or https)' }).max(200).nullish(),
      platform: z.string().max(200).nullish(),
    }),
  } as const;
  return { GameSummary, MUTATIONS };
}

type Schemas = ReturnType<typeof buildSchemas>;
let built: Schemas | undefined;
const schemas = (): Schemas => (built ??= buildSchemas());

/** What a client knows of a game found only in the external catalogue (spec: ensure-game). */
export type GameSummary = z.infer<Schemas['GameSummary']>;

/** Checks a game summary (the schema the ensure-game mutation uses). */
export function parseGameSummary(candidate: unknown): ReturnType<Schemas['GameSummary']['safeParse']> {
  return schemas().GameSummary.safeParse(candidate);
}

export type MutationName = keyof Schemas['MUTATIONS'];
export type MutationArgs<N extends MutationName> = z.infer<Schemas['MUTATIONS'][N]>;

/** Every mutation's name (builds the schemas). */
export function mutationNames(): MutationName[] {
  return Object.keys(schemas().MUTATIONS) as MutationName[];
}

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(schemas().MUTATIONS, name);
}

/** Validates a mutation's arguments; the error carries the spec's message of the first problem. */
export function parseMutation<N extends MutationName>(name: N, args: unknown): MutationArgs<N> {
  const result = schemas().MUTATIONS[name].safeParse(args);
  if (!result.success) throw new MutationError('invalid_args', result.error.issues[0]?.message ?? 'Invalid input');
  return result.data as MutationArgs<N>;
}

export { MutationError };

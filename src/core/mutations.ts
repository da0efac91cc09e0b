// The mutation registry's shared half: every write a member can make, by name, with its
// arguments validated by zod. The same names and argument shapes are applied locally
// (src/store/mutators/*) and on the server (app.apply_mutation in supabase/schema/functions/app.apply_mutation.sql).
// Mutations are intents that are safe to repeat ("liked = true", "Top 5 = [a, b]"), never toggles.
import { cleanText } from './blank-text.ts';
import { INVALID_TEXT_MESSAGE, isStorableText } from './storable-text.ts';
import { MutationError } from './mutation-error.ts';
import { z } from './zod.ts';
import { JOURNAL_MESSAGES, minutesProblem, noteProblem } from './journal/journal.ts';
import {
  COMMENT_MAX_LENGTH,
  PLAYTIME_MAX,
  PLAYTIME_MIN,
  RATING_MAX,
  RATING_MIN,
  TOP_GAMES_SLOTS,
} from './constants.ts';

/**
 * The schemas, built on first use: building ~20 zod schemas costs tens of milliseconds on a phone,
 * and every screen with an action imports this module long before anyone acts.
 */
function buildSchemas() {
  const int = (...checks: Array<z.core.$ZodCheck<number>>) => z.number().check(z.int(), ...checks);
  /**
   * Text the server can store (core/storable-text.ts): checked first, so the member reads why. Every
   * string a member types goes through it; ids, keys, dates and usernames are held to patterns that
   * already leave no room for such characters.
   */
  const storable = () => z.refine<string>(isStorableText, INVALID_TEXT_MESSAGE);
  const text = (max: number, message?: string) => z.string().check(storable(), z.maxLength(max, message));
  /** Cleaned (core/blank-text.ts: blank is '', blank edges trimmed), then from `min` to `max` characters. */
  const trimmed = (min: number, minMessage: string, max: number, maxMessage?: string) =>
    z.string().check(storable(), z.overwrite(cleanText), z.minLength(min, minMessage), z.maxLength(max, maxMessage));
  const httpUrl = (max: number) =>
    z
      .url({ protocol: /^https?$/, message: 'Please enter a valid URL (http or https)' })
      .check(storable(), z.maxLength(max));

  const Id = int(z.positive());
  const Key = z.uuid();
  const IgdbId = int(z.positive({ message: 'Game data missing valid IGDB ID' }));

  // What a client knows of a game found only in the external catalogue (spec: ensure-game).
  const GameSummary = z.object({
    name: trimmed(1, 'Game name is required', 500),
    slug: z.optional(text(600)),
    cover_url: z.nullish(text(2000)),
    release_date: z.nullish(text(40)),
    first_release_date: z.nullish(z.number()),
    release_year: z.nullish(int(z.minimum(1), z.maximum(9999))),
    genre: z.nullish(text(200)),
    genres: z.optional(z.array(text(200)).check(z.maxLength(50))),
    platforms: z.optional(z.array(text(200)).check(z.maxLength(50))),
    summary: z.nullish(text(20_000)),
    developer: z.nullish(text(200)),
    publisher: z.nullish(text(200)),
    category: z.nullish(int(z.minimum(0), z.maximum(14))),
    parent_game: z.nullish(int(z.positive())),
  });

  const GameRef = { igdb_id: IgdbId, game: z.optional(GameSummary) };

  // The server's messages (supabase/schema/tables/public.rating.sql), word for word: tests/integration/mutation-contract.test.ts.
  const ratingMessage = 'Rating must be from 1 to 10 in steps of 0.5';
  const Rating = z.number().check(
    z.minimum(RATING_MIN, ratingMessage),
    z.maximum(RATING_MAX, ratingMessage),
    z.refine<number>((r) => Number.isInteger(r * 2), ratingMessage),
  );
  const playtimeMessage = 'Playtime must be whole hours from 1 to 99999';
  const Playtime = z.nullish(
    z
      .number()
      .check(
        z.int(playtimeMessage),
        z.minimum(PLAYTIME_MIN, playtimeMessage),
        z.maximum(PLAYTIME_MAX, playtimeMessage),
      ),
  );
  const CommentText = trimmed(1, 'Comment cannot be empty', COMMENT_MAX_LENGTH, 'Comment exceeds 500 characters');
  const Timestamp = z.iso.datetime({ offset: true });
  const ReviewText = z.nullish(text(10_000, 'Review exceeds 10000 characters'));
  /** A private review draft (supabase/schema/tables/public.rating.sql): seen by its author only, counted nowhere. */
  const Draft = z.boolean({ message: 'Draft must be true or false' });
  // A play date's calendar checks need the clock: the local apply checks those (playDateProblem).
  const PlayDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, JOURNAL_MESSAGES.dateInvalid));
  const JournalMinutes = z
    .number({ message: JOURNAL_MESSAGES.minutes })
    .check(z.refine<number>((m) => minutesProblem(m) === null, JOURNAL_MESSAGES.minutes));
  const JournalNote = z.nullish(
    z.string().check(
      storable(),
      z.refine<string>((n) => noteProblem(n) === null, JOURNAL_MESSAGES.noteTooLong),
    ),
  );
  /** An object whose rows are named by either of two ids: at least one must be given. */
  const eitherId = (a: string, b: string, message: string) =>
    z.refine<Record<string, unknown>>((args) => args[a] !== undefined || args[b] !== undefined, message);

  const MUTATIONS = {
    'game.ensure': z.extend(z.object({ igdb_id: IgdbId }), GameSummary.shape),
    'review.create': z.object({
      ...GameRef,
      rating: Rating,
      review: ReviewText,
      is_recommended: z.nullish(z.boolean()),
      platform_id: z.nullish(Id),
      platform: z.nullish(text(100)),
      playtime_hours: Playtime,
      post_date_time: z.optional(Timestamp),
      draft: z.optional(Draft),
    }),
    // draft: false publishes a draft, dated post_date_time (when the member published it).
    'review.update': z.object({
      igdb_id: IgdbId,
      rating: z.optional(Rating),
      review: ReviewText,
      is_recommended: z.nullish(z.boolean()),
      platform_id: z.nullish(Id),
      platform: z.nullish(text(100)),
      playtime_hours: Playtime,
      draft: z.optional(Draft),
      post_date_time: z.optional(Timestamp),
    }),
    // By server id, or by game (a member has one review per game): a review written offline has no
    // server id yet and must still be deletable.
    'review.delete': z
      .object({ rating_id: z.optional(Id), igdb_id: z.optional(IgdbId) })
      .check(eitherId('rating_id', 'igdb_id', 'Invalid review ID')),
    'review_like.set': z.object({ rating_id: Id, liked: z.boolean() }),
    'comment.add': z.object({
      key: Key,
      rating_id: Id,
      parent_id: z.optional(Id),
      parent_key: z.optional(Key),
      content: CommentText,
      created_at: z.optional(Timestamp),
    }),
    'comment.edit': z
      .object({
        id: z.optional(Id),
        key: z.optional(Key),
        content: trimmed(
          1,
          'Comment content cannot be empty',
          COMMENT_MAX_LENGTH,
          'Comment content exceeds maximum length (500 characters)',
        ),
      })
      .check(eitherId('id', 'key', 'Invalid comment ID')),
    'comment.delete': z
      .object({ id: z.optional(Id), key: z.optional(Key) })
      .check(eitherId('id', 'key', 'Invalid comment ID')),
    'comment_like.set': z
      .object({ comment_id: z.optional(Id), comment_key: z.optional(Key), liked: z.boolean() })
      .check(eitherId('comment_id', 'comment_key', 'Invalid comment ID')),
    'follow.set': z.object({ user_id: Id, following: z.boolean() }),
    'progress.set': z.object({
      ...GameRef,
      started: z.optional(z.boolean()),
      completed: z.optional(z.boolean()),
      at: z.optional(Timestamp),
    }),
    'wishlist.set': z.object({
      ...GameRef,
      in: z.boolean(),
      priority: z.optional(int(z.minimum(0), z.maximum(10))),
      notes: z.nullish(text(500)),
    }),
    'collection.set': z.object({ ...GameRef, in: z.boolean() }),
    'collection.move': z.object({ ...GameRef, to: z.enum(['collection', 'wishlist']) }),
    // base: the list the edit was made on, so the server can merge it with edits from other devices by edit time.
    'top5.replace': z.object({
      games: z.array(z.object({ igdb_id: IgdbId })).check(z.maxLength(TOP_GAMES_SLOTS, 'Top 5 holds at most 5 games')),
      base: z.optional(z.array(z.object({ igdb_id: IgdbId })).check(z.maxLength(TOP_GAMES_SLOTS))),
    }),
    'profile.update': z.object({
      username: z.optional(
        z
          .string()
          .check(
            z.trim(),
            z.minLength(3, 'Username must be at least 3 characters'),
            z.maxLength(30, 'Username must be less than 30 characters'),
            z.regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores'),
          ),
      ),
      name: z.nullish(text(100)),
      display_name: z.nullish(text(100)),
      bio: z.nullish(text(500)),
      avatar_url: z.nullish(httpUrl(2000)),
      location: z.nullish(text(100)),
      website: z.nullish(httpUrl(200)),
      platform: z.nullish(text(200)),
    }),
    // The play journal (core/journal/journal.ts): a session is named by the key its client gave it, or its id.
    'journal.add': z.object({
      key: Key,
      ...GameRef,
      played_on: PlayDay,
      minutes: JournalMinutes,
      platform_id: z.nullish(Id),
      note: JournalNote,
      is_private: z.optional(z.boolean()),
    }),
    'journal.update': z
      .object({
        id: z.optional(Id),
        key: z.optional(Key),
        played_on: z.optional(PlayDay),
        minutes: z.optional(JournalMinutes),
        platform_id: z.nullish(Id),
        note: JournalNote,
        is_private: z.optional(z.boolean()),
      })
      .check(eitherId('id', 'key', JOURNAL_MESSAGES.invalidSession)),
    'journal.delete': z
      .object({ id: z.optional(Id), key: z.optional(Key) })
      .check(eitherId('id', 'key', JOURNAL_MESSAGES.invalidSession)),
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

// The JSON export's schema, version 1 (README "Export file format"): everything a member
// owns, each game named by its IGDB id, name and release year so the file reads on its own and an
// import can find the same games again. Rows made on the device and not on the server yet carry
// `synced: false`. A later version adds fields or sections and bumps `version`; an importer reads
// every version it knows.
import { z } from '../zod.ts';

export const EXPORT_FORMAT = 'checkpoint-export';
export const EXPORT_VERSION = 1;

/** Built on first use, as the mutations' schemas are (building zod schemas costs on a phone). */
function buildSchema() {
  const Timestamp = z.iso.datetime({ offset: true });
  const Day = z.iso.date();
  const count = () => z.number().check(z.int(), z.minimum(0));
  /** A server id; null for a row made on this device that the server has not numbered yet. */
  const ServerId = z.nullable(z.number().check(z.int(), z.positive()));

  const Game = z.object({
    igdb_id: z.number().check(z.int(), z.positive()),
    /** null only when the device no longer holds the game's details. */
    name: z.nullable(z.string()),
    release_year: z.nullable(z.number().check(z.int())),
    slug: z.nullable(z.string()),
  });
  /** The review another member wrote that a comment or a like is about (one review per member per game). */
  const ReviewRef = z.object({
    review_id: ServerId,
    author_id: z.nullable(z.number().check(z.int())),
    author_username: z.nullable(z.string()),
    game: z.nullable(Game),
  });

  const Profile = z.object({
    id: z.number().check(z.int(), z.positive()),
    username: z.string(),
    display_name: z.nullable(z.string()),
    bio: z.nullable(z.string()),
    avatar_url: z.nullable(z.string()),
    location: z.nullable(z.string()),
    website: z.nullable(z.string()),
    platforms: z.array(z.string()),
    joined_at: z.nullable(Timestamp),
    synced: z.boolean(),
  });

  const Review = z.object({
    id: ServerId,
    game: Game,
    rating: z.number().check(z.minimum(1), z.maximum(10)),
    review: z.nullable(z.string()),
    is_recommended: z.nullable(z.boolean()),
    platform: z.nullable(z.string()),
    playtime_hours: z.nullable(z.number()),
    /** A private draft: seen by its author only, counted nowhere. */
    draft: z.boolean(),
    /** When it was published (for a draft: when it was last saved). */
    posted_at: Timestamp,
    updated_at: Timestamp,
    like_count: count(),
    comment_count: count(),
    synced: z.boolean(),
  });

  const Comment = z.object({
    id: ServerId,
    key: z.nullable(z.string()),
    on: ReviewRef,
    parent_comment_id: z.nullable(z.number().check(z.int())),
    text: z.string(),
    published: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
    like_count: count(),
    synced: z.boolean(),
  });

  const Like = z.object({
    kind: z.enum(['review', 'comment']),
    /** The review liked, or the review the liked comment is on; null when neither is known. */
    review: z.nullable(ReviewRef),
    comment_id: z.nullable(z.number().check(z.int())),
    comment_key: z.nullable(z.string()),
    liked_at: Timestamp,
    synced: z.boolean(),
  });

  /** One game of the member's library: where it stands, with the dates. */
  const LibraryEntry = z.object({
    game: Game,
    started: z.boolean(),
    started_at: z.nullable(Timestamp),
    finished: z.boolean(),
    finished_at: z.nullable(Timestamp),
    wishlist: z.nullable(z.object({ added_at: Timestamp, priority: count(), notes: z.nullable(z.string()) })),
    collection: z.nullable(z.object({ added_at: Timestamp })),
    /** Sum of the play journal's minutes for this game. */
    minutes_played: count(),
    synced: z.boolean(),
  });

  const Ranked = z.object({ position: z.number().check(z.int(), z.positive()), game: Game });
  const TopTen = z.object({ position: z.number().check(z.int(), z.positive()), game: Game, rating: z.number() });

  const Follow = z.object({
    user_id: z.number().check(z.int()),
    username: z.nullable(z.string()),
    since: Timestamp,
    synced: z.boolean(),
  });

  const Session = z.object({
    id: ServerId,
    key: z.string(),
    game: Game,
    played_on: Day,
    minutes: count(),
    platform: z.nullable(z.string()),
    note: z.nullable(z.string()),
    /** A private session reaches no one else. */
    private: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
    synced: z.boolean(),
  });

  return z.object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exported_at: Timestamp,
    /** Writes made on the device that were still waiting to reach the server. */
    unsynced_changes: count(),
    profile: Profile,
    library: z.array(LibraryEntry),
    reviews: z.array(Review),
    comments: z.array(Comment),
    likes: z.array(Like),
    top5: z.array(Ranked),
    /** Derived from the ratings (the ten highest), kept so the file shows what the profile showed. */
    top10: z.array(TopTen),
    following: z.array(Follow),
    journal: z.array(Session),
  });
}

let built: ReturnType<typeof buildSchema> | null = null;

/** The version 1 schema (zod/mini). */
export function exportSchema(): ReturnType<typeof buildSchema> {
  built ??= buildSchema();
  return built;
}

export type CheckpointExport = z.infer<ReturnType<typeof buildSchema>>;
export type ExportGame = CheckpointExport['reviews'][number]['game'];
export type ExportReviewRef = CheckpointExport['comments'][number]['on'];

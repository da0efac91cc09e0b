// The spec's numbers, each named once (the "Business constants" of the three spec documents).
export const RATING_MIN = 1;
export const RATING_MAX = 10;
export const RATING_STEP = 0.5;
export const RATING_DEFAULT = 5;
export const PLAYTIME_MIN = 1;
export const PLAYTIME_MAX = 99_999;
export const COMMENT_MAX_LENGTH = 500;
/** "Top 5 has 5 slots; Top 10 has 10." */
export const TOP_GAMES_SLOTS = 5;
export const TOP_TEN_SIZE = 10;
/** Sync: at most this many mutations go to sync_push in one request (the server takes 500). */
export const PUSH_BATCH_SIZE = 100;
/**
 * The sync protocol this build speaks (docs/decisions/0009-sync-protocol-versions.md), sent with
 * every sync_push / sync_pull and stored on each outbox row as the shape of its arguments. 1:
 * before edit clocks (no `hlc`, a Top 5 without `base`); 2: every edit carries its hybrid logical
 * clock; 3: the same edits, and sync_pull's pages may send rows grouped by table and columns
 * (`rows`).
 */
export const SYNC_PROTOCOL = 3;

/** The name of the device's IndexedDB database (src/store/db.ts). */
export const DEVICE_DB_NAME = 'checkpoint';
